import type { LucideIcon } from "lucide-react";
import CheckCircle2 from "lucide-react/icons/circle-check";
import { cn } from "../../lib/cn";

/** A list of what something gives, each point ticked. */
export function TickList({ points, className }: { points: readonly string[]; className: string }) {
  return (
    <ul className={cn(className, "space-y-2")}>
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2 text-slate-800 dark:text-slate-200">
          <CheckCircle2
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400"
          />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  );
}

interface IconHeadingProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** h2 on a tab of its own, h3 under the tab's heading. */
  level: "h2" | "h3";
}

/** A form's icon in its amber tile, beside the form's name and what it is for. */
export function IconHeading({ icon: Icon, title, description, level: Heading }: IconHeadingProps) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div>
        <Heading className={Heading === "h2" ? "text-xl font-bold" : "text-lg font-bold"}>{title}</Heading>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{description}</p>
      </div>
    </div>
  );
}
