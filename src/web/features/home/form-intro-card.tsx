import type { LucideIcon } from "lucide-react";
import { ArrowRight, CheckCircle2 } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";

interface FormIntroCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  points: readonly string[];
  startLabel: string;
  /** Where the form starts: a real link, so a tap works before the app has arrived (the server sends that page). */
  startHref: string;
}

/** The intro card of a home tab: what the form is, what it covers, and the link that starts it. */
export function FormIntroCard({
  icon: Icon,
  title,
  description,
  points,
  startLabel,
  startHref,
}: FormIntroCardProps) {
  return (
    <Card>
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h2 className="text-xl font-bold">{title}</h2>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{description}</p>
        </div>
      </div>
      <ul className="mt-4 space-y-2">
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
      <Link href={startHref} className={cn(buttonClasses("primary", "lg"), "mt-5 w-full")}>
        {startLabel}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </Card>
  );
}
