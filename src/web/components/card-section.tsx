import { type ReactNode, useId } from "react";
import { Card } from "./ui/card";

/** A titled part of a screen on a card, a region named by its heading so a screen reader can jump to it. */
export function CardSection({
  title,
  level = 2,
  children,
}: {
  title: string;
  /** The heading's level where the screen has one heading above the sections (h2) or two (h3). */
  level?: 2 | 3;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Card role="region" aria-labelledby={id} className="space-y-3">
      <Heading id={id} className="text-lg font-bold">
        {title}
      </Heading>
      {children}
    </Card>
  );
}
