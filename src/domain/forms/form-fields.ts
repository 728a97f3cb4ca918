import { z } from "zod";
import { isIsoDate } from "../time/iso-date";
import { MAX_EMAIL_LENGTH, MAX_EMAILS, MAX_NAME_LENGTH, MAX_NOTES_LENGTH } from "./constants";

/**
 * Field schemas shared by the timesheet and check sheet. Text fields are strings that are
 * empty ("") until filled, so forms and records need no null checks for them.
 */

export const NameFieldSchema = z.string().max(MAX_NAME_LENGTH);
export const NotesFieldSchema = z.string().max(MAX_NOTES_LENGTH);
/** Short readings typed by a driver: machine hours, mileage, fluid levels. */
export const ShortTextFieldSchema = z.string().max(50);
export const OrderNumberFieldSchema = z.string().max(100);
export const CustomerIdFieldSchema = z.string().max(64);

/** An ISO "YYYY-MM-DD" date that exists on the calendar, or "" when not set. */
export const DateFieldSchema = z
  .string()
  .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isIsoDate(v)), "Enter a date as YYYY-MM-DD");

/** A required ISO date. */
export const IsoDateSchema = DateFieldSchema.refine((v) => v !== "", "Enter a date as YYYY-MM-DD");

/** An "HH:MM" time, or "" when not set. */
export const TimeFieldSchema = z
  .string()
  .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Enter a time as HH:MM");

/** A break can be no longer than the day. */
export const MAX_BREAK_MINUTES = 1440;
/** Whole minutes of break; null means not set, which counts as 30. */
export const BreakMinutesSchema = z.number().int().min(0).max(MAX_BREAK_MINUTES).nullable();
export const NetHoursSchema = z.number().min(0).max(24).nullable();
export const TotalHoursSchema = z.number().min(0).max(168).nullable();

/**
 * Email rows as typed. Blank and half-typed rows are allowed in a draft; submitting checks them
 * (see `dispatch.ts`).
 */
export const EmailListSchema = z.array(z.string().trim().max(MAX_EMAIL_LENGTH)).max(MAX_EMAILS);
export const WhatsAppListSchema = z.array(z.string().trim().max(32)).max(MAX_EMAILS);

/** Ids are made on the client (UUIDs) so a form can be created offline. */
export const IdSchema = z.uuid();
export const TimestampSchema = z.iso.datetime({ offset: true });

/**
 * A form as stored (its fields, id and creation time) and as the body of its create and update requests takes it:
 * every field optional, the id made by the client so an offline create can replay.
 */
export function storedAndInputSchemas<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) {
  return {
    stored: fields.extend({ id: IdSchema, createdAt: TimestampSchema }),
    input: fields.partial().extend({ id: IdSchema.optional() }),
  };
}
