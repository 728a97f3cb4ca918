import { z } from "zod";
import {
  CustomerIdFieldSchema,
  IsoDateSchema,
  NameFieldSchema,
  NotesFieldSchema,
  OrderNumberFieldSchema,
  ShortTextFieldSchema,
  storedAndInputSchemas,
  TimeFieldSchema,
  TimestampSchema,
} from "../forms/form-fields";
import { applyInput } from "../forms/form-spec";
import { FormStatusSchema } from "../forms/form-status";
import { PhotoListSchema } from "../forms/photos";
import { blankSignAndSubmit, signAndSubmitShape } from "../forms/sign-and-submit";
import { schemaMessage } from "../text/schema-messages";
import { meterReading } from "./hour-meter";

/** The hour meter as read at the end of the hire: blank, or the hours it shows (a comma as good as a point). */
export const MeterReadingFieldSchema = z
  .string()
  .max(20)
  .refine(
    (text) => text.trim() === "" || meterReading(text) !== null,
    schemaMessage("offHire.meterNotANumber"),
  );

const fieldsShape = {
  status: FormStatusSchema,
  // Step 1: driver, customer and when the hire ended
  offHireDate: IsoDateSchema,
  offHireTime: TimeFieldSchema,
  company: NameFieldSchema,
  clientCompany: NameFieldSchema,
  siteLocation: NameFieldSchema,
  driverSignedName: NameFieldSchema,
  customerId: CustomerIdFieldSchema,
  orderNumber: OrderNumberFieldSchema,
  // Step 2: the machine
  plantNumber: NameFieldSchema,
  machineNumber: NameFieldSchema,
  // Step 3: how it is left
  meterReading: MeterReadingFieldSchema,
  fuelLevel: ShortTextFieldSchema,
  damageNotes: NotesFieldSchema,
  collectionReference: NameFieldSchema,
  // Step 4: photos of its condition
  photos: PhotoListSchema,
  // Step 5: signatures and where it goes
  ...signAndSubmitShape,
  /** Set when the note is submitted (status ready_for_approval). */
  submittedAt: TimestampSchema.nullable(),
};

/** Everything a driver records when a hire ends: an off-hire note without its id and creation time. */
export const OffHireNoteFieldsSchema = z.object(fieldsShape);
export type OffHireNoteFields = z.infer<typeof OffHireNoteFieldsSchema>;

/** A stored off-hire note, and the body of POST /api/off-hire-notes and PUT /api/off-hire-notes/{id}. */
export const { stored: OffHireNoteSchema, input: OffHireNoteInputSchema } =
  storedAndInputSchemas(OffHireNoteFieldsSchema);
export type OffHireNote = z.infer<typeof OffHireNoteSchema>;
export type OffHireNoteInput = z.infer<typeof OffHireNoteInputSchema>;

/** A blank off-hire note dated `today` (an ISO date: the caller knows the user's calendar). */
export function emptyOffHireNote(today: string): OffHireNoteFields {
  return {
    status: "draft",
    offHireDate: today,
    offHireTime: "",
    company: "",
    clientCompany: "",
    siteLocation: "",
    driverSignedName: "",
    customerId: "",
    orderNumber: "",
    plantNumber: "",
    machineNumber: "",
    meterReading: "",
    fuelLevel: "",
    damageNotes: "",
    collectionReference: "",
    photos: [],
    ...blankSignAndSubmit(),
    submittedAt: null,
  };
}

/** A saved off-hire note with an input applied: the fields the input carries replace the old ones. */
export function applyOffHireNoteInput<T extends OffHireNoteFields>(base: T, input: OffHireNoteInput): T {
  return applyInput(base, input);
}

/**
 * Where an off-hire note's draft opens: the photo step once the operator has signed (as a check sheet), the
 * photos once the meter or fuel or damage is written, the condition once the machine is named, else the start.
 */
export function offHireResumeStep(note: Partial<OffHireNoteFields>): number {
  const given = (value: string | null | undefined) => (value ?? "").trim() !== "";
  if (given(note.operatorSignature)) return 4;
  if (given(note.meterReading) || given(note.fuelLevel) || given(note.damageNotes)) return 4;
  if (given(note.plantNumber) || given(note.machineNumber)) return 3;
  if (given(note.company) || given(note.clientCompany)) return 2;
  return 1;
}
