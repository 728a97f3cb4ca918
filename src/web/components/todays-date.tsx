import { useSyncExternalStore } from "react";
import { formatLongDate, localIsoDate } from "../../domain/time/iso-date";

// Checked each minute, so a screen left open past midnight on a night shift moves on to the new day.
function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
}

const today = () => localIsoDate(new Date());
// The prerendered page (src/web/prerender.tsx) was built on another day: it leaves the date out, and the app puts
// it in as it takes the page over.
const unknownDay = () => null;

/** Today's date in words, e.g. "Monday, 23 November 2026". */
export function TodaysDate() {
  const iso = useSyncExternalStore(subscribe, today, unknownDay);
  // A no-break space holds the line's height until the date is known.
  if (iso === null) return <span>{"\u00a0"}</span>;
  return <time dateTime={iso}>{formatLongDate(iso)}</time>;
}
