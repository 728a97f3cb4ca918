import { performance } from "node:perf_hooks";
import {
  chargeableWeek,
  DEFAULT_HIRE_TERMS,
  type HireDay,
  type HireTerms,
} from "../src/domain/hire/chargeable-hours";
import { DAYS, type Day } from "../src/domain/time/days";
import { budgets } from "./budgets";
import { type Figure, median } from "./figure";

const WEEKS = 1_000_000;
const RUNS = 5;

/** A thousand different weeks (worked, standing, breakdown and days off hire), cycled through: as an export meets them. */
function sampleWeeks(): Record<Day, HireDay>[] {
  const weeks: Record<Day, HireDay>[] = [];
  for (let i = 0; i < 1000; i++) {
    const week = {} as Record<Day, HireDay>;
    DAYS.forEach((day, d) => {
      const seed = (i * 7 + d) % 23;
      week[day] = {
        onHire: seed % 11 !== 0,
        worked: (seed % 12) * 0.75,
        standing: seed % 5 === 0 ? 2 : 0,
        breakdown: seed % 7 === 0 ? 4.5 : 0,
        travel: seed % 3 === 0 ? 1 : 0,
      };
    });
    weeks.push(week);
  }
  return weeks;
}

/** The chargeable-hours rule over a million weeks, in process; median of 5 runs after a warm-up run. */
export function measureChargeableHours(): Figure[] {
  const weeks = sampleWeeks();
  const terms: HireTerms = { ...DEFAULT_HIRE_TERMS, overtimeAfter: 9 };
  let sink = 0;
  const run = () => {
    const t0 = performance.now();
    for (let i = 0; i < WEEKS; i++) sink += chargeableWeek(weeks[i % weeks.length]!, terms).week.normal;
    const ms = performance.now() - t0;
    // Read, so the work cannot be left out as unused.
    if (!Number.isFinite(sink)) throw new Error("the rule gave no number");
    return ms;
  };
  run();
  const samples = Array.from({ length: RUNS }, run);
  return [
    {
      group: "hire",
      name: "chargeable hours of 1 million weeks",
      value: median(samples),
      unit: "ms",
      budget: budgets.chargeableMillionWeeksMs,
      samples,
      note: "1,000 kinds of week, overtime after 9 h, the default minimums",
    },
  ];
}
