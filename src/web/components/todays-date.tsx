import { useSyncExternalStore } from "react";
import { localIsoDate } from "../../domain/time/iso-date";
import { useTranslator } from "../lib/i18n";
import { formatLongDateIn } from "../lib/locale-format";

// Checked each minute, so a screen left open past midnight on a night shift moves on to the new day.
function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
}

const today = () => localIsoDate(new Date());
// The prerendered page (src/web/prerender.tsx) was built on another day: it leaves the date out, and the app puts
// it in as it takes the page over.
const unknownDay = () => null;

/** Today's date in words in the reader's language, e.g. "Monday, 23 November 2026", "poniedziałek, 23 listopada 2026". */
export function TodaysDate() {
  const iso = useSyncExternalStore(subscribe, today, unknownDay);
  const { locale } = useTranslator();
  // A no-break space holds the line's height until the date is known.
  if (iso === null) return <span>{"\u00a0"}</span>;
  return <time dateTime={iso}>{formatLongDateIn(locale, iso)}</time>;
}
