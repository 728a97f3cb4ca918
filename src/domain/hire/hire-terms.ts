import { z } from "zod";
import { DAYS, type Day } from "../time/days";
import type { HireTerms } from "./chargeable-hours";

const dayHours = z.number().min(0).max(24);

/** A company's hire terms as stored and sent: every figure in hours. */
export const HireTermsSchema = z.object({
  minimumHours: z.object(
    Object.fromEntries(DAYS.map((day) => [day, dayHours])) as Record<Day, typeof dayHours>,
  ),
  chargeStanding: z.boolean(),
  chargeTravel: z.boolean(),
  overtimeAfter: dayHours.nullable(),
  weekendSeparate: z.boolean(),
}) satisfies z.ZodType<HireTerms>;
