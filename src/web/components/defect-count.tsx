import { cn } from "../lib/cn";

/** The number of defects, red when there are any. */
export function DefectCount({
  count,
  as: Tag = "dd",
  className,
}: {
  count: number;
  as?: "dd" | "td";
  className?: string;
}) {
  return (
    <Tag
      data-defects={count}
      className={cn(count > 0 ? "font-bold text-red-700 dark:text-red-300" : "font-medium", className)}
    >
      {count}
    </Tag>
  );
}
