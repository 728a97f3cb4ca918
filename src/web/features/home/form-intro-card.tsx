import type { LucideIcon } from "lucide-react";
import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "wouter";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { IconHeading, TickList } from "./card-parts";

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
  icon,
  title,
  description,
  points,
  startLabel,
  startHref,
}: FormIntroCardProps) {
  return (
    <Card>
      <IconHeading icon={icon} title={title} description={description} level="h2" />
      <TickList points={points} className="mt-4" />
      <Link href={startHref} className={cn(buttonClasses("primary", "lg"), "mt-5 w-full")}>
        {startLabel}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </Card>
  );
}
