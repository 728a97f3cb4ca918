/** One measured figure, the budget it is held to (if any) and whether it met it. */
export interface Figure {
  /** Which part of the bench measured it: "bundle", "lighthouse", "server", "pdf", "photo". */
  group: string;
  name: string;
  /** The median (or the single deterministic value, for sizes); null when it could not be measured. */
  value: number | null;
  unit: string;
  /** `{ max }`: value must be at most this; `{ min }`: at least this; none: reported only. */
  budget?: { max: number } | { min: number };
  /** Every sample the median was taken from, for the JSON. */
  samples?: number[];
  note?: string;
  /** Why the figure could not be measured at all: always a failure. */
  error?: string;
}

export type Verdict = "pass" | "FAIL" | "missing" | "-";

export function verdict(figure: Figure): Verdict {
  if (figure.error) return "missing";
  if (figure.value === null || Number.isNaN(figure.value)) return figure.budget ? "missing" : "-";
  if (!figure.budget) return "-";
  if ("max" in figure.budget) return figure.value <= figure.budget.max ? "pass" : "FAIL";
  return figure.value >= figure.budget.min ? "pass" : "FAIL";
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0..100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const KB = 1024;

export function formatValue(value: number | null, unit: string): string {
  if (value === null || Number.isNaN(value)) return "n/a";
  if (unit === "bytes")
    return value >= KB * KB ? `${(value / KB / KB).toFixed(2)} MB` : `${(value / KB).toFixed(1)} KB`;
  if (unit === "ms")
    return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  if (unit === "req/s") return `${Math.round(value).toLocaleString("en-GB")} req/s`;
  if (unit === "ratio") return `${(value * 100).toFixed(0)} %`;
  if (unit === "score" || unit === "index") return value.toFixed(0);
  if (unit === "") return value.toFixed(3);
  return `${value} ${unit}`;
}

export function formatBudget(figure: Figure): string {
  if (!figure.budget) return "";
  if ("max" in figure.budget) return `<= ${formatValue(figure.budget.max, figure.unit)}`;
  return `>= ${formatValue(figure.budget.min, figure.unit)}`;
}
