import { messages } from "../../../domain/text/messages";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";

const DOTS: Readonly<Record<string, string>> = {
  red: "bg-red-600 dark:bg-red-400",
  orange: "bg-orange-500 dark:bg-orange-400",
  green: "bg-emerald-600 dark:bg-emerald-400",
  approved: "bg-sky-600 dark:bg-sky-400",
  dispatched: "bg-violet-600 dark:bg-violet-400",
};

/** What each light means and what to do next: one line per colour, above the cards. */
export function TrafficLightLegend() {
  const t = useT();
  return (
    <ul
      aria-label={t("light.legendLabel")}
      className="mt-3 space-y-1 text-sm text-slate-800 dark:text-slate-200"
    >
      {messages.trafficLightLegend.map(([light, name, meaning]) => (
        <li key={light} className="flex items-start gap-2">
          <span aria-hidden="true" className={cn("mt-1 size-3 shrink-0 rounded-full", DOTS[light])} />
          <span>
            <span className="font-semibold">{t(name)}</span>: {t(meaning)}
          </span>
        </li>
      ))}
    </ul>
  );
}
