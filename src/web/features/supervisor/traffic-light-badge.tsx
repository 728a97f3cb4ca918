import type { TrafficLight } from "../../../domain/sets/traffic-light";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";

/** Each light's colour and its name in words, so the status never rests on colour alone. */
const LIGHTS: Readonly<Record<TrafficLight, { name: MessageKey; dot: string; badge: string }>> = {
  green: {
    name: "light.green",
    dot: "bg-emerald-600 dark:bg-emerald-400",
    badge: "border-emerald-600 bg-emerald-50 text-emerald-950 dark:bg-emerald-400/10 dark:text-emerald-100",
  },
  orange: {
    name: "light.orange",
    dot: "bg-orange-500 dark:bg-orange-400",
    badge: "border-orange-500 bg-orange-50 text-orange-950 dark:bg-orange-400/10 dark:text-orange-100",
  },
  red: {
    name: "light.red",
    dot: "bg-red-600 dark:bg-red-400",
    badge: "border-red-600 bg-red-50 text-red-950 dark:bg-red-400/10 dark:text-red-100",
  },
  approved: {
    name: "formStatus.approved",
    dot: "bg-sky-600 dark:bg-sky-400",
    badge: "border-sky-600 bg-sky-50 text-sky-950 dark:bg-sky-400/10 dark:text-sky-100",
  },
  dispatched: {
    name: "formStatus.dispatched",
    dot: "bg-violet-600 dark:bg-violet-400",
    badge: "border-violet-600 bg-violet-50 text-violet-950 dark:bg-violet-400/10 dark:text-violet-100",
  },
  completed: {
    name: "formStatus.completed",
    dot: "bg-emerald-800 dark:bg-emerald-300",
    badge: "border-emerald-800 bg-emerald-50 text-emerald-950 dark:bg-emerald-300/10 dark:text-emerald-100",
  },
  archived: {
    name: "formStatus.archived",
    dot: "bg-slate-500 dark:bg-slate-400",
    badge: "border-slate-500 bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
  },
};

/**
 * A card's traffic light: the coloured lamp, the light's name, and the card's label beside it. Status
 * labels ('Approved - Ready for Email Dispatch') already start with the name, so they stand alone.
 */
export function TrafficLightBadge({ light, label }: { light: TrafficLight; label: string }) {
  const t = useT();
  const { dot, badge } = LIGHTS[light];
  const name = t(LIGHTS[light].name);
  return (
    <p
      className={cn("flex items-center gap-2 rounded-lg border-s-4 px-3 py-2 text-sm", badge)}
      data-light={light}
    >
      <span aria-hidden="true" className={cn("size-3.5 shrink-0 rounded-full", dot)} />
      <span>
        <span className="font-bold">{label.startsWith(name) ? label : name}</span>
        {label.startsWith(name) ? null : (
          <>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">: </span>
            {label}
          </>
        )}
      </span>
    </p>
  );
}
