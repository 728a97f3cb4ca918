import { z } from "zod";
import { readingsShape } from "../forms/check-sheet-readings";
import {
  ALL_CHECK_ITEM_FIELDS,
  CHECK_TEMPLATE_IDS,
  type CheckTemplateId,
  checkTemplateOf,
  DEFAULT_CHECK_TEMPLATE,
} from "../forms/check-templates";
import {
  CustomerIdFieldSchema,
  IsoDateSchema,
  NameFieldSchema,
  NotesFieldSchema,
  OrderNumberFieldSchema,
  ShortTextFieldSchema,
  storedAndInputSchemas,
  TimestampSchema,
} from "../forms/form-fields";
import { applyInput } from "../forms/form-spec";
import { FormStatusSchema } from "../forms/form-status";
import { PhotoListSchema } from "../forms/photos";
import { blankSignAndSubmit, signAndSubmitShape } from "../forms/sign-and-submit";
import { CHECK_ITEM_FIELDS, CheckValueSchema } from "./check-items";

/** Initials, not a name: room for a double-barrelled name's. */
export const OPERATOR_INITIALS_MAX_LENGTH = 6;

type GeneralCheckField = (typeof CHECK_ITEM_FIELDS)[number];
type OtherCheckField = Exclude<(typeof ALL_CHECK_ITEM_FIELDS)[number], GeneralCheckField>;
type CheckItemShape = { [K in GeneralCheckField]: typeof CheckValueSchema } & {
  [K in OtherCheckField]: z.ZodOptional<typeof CheckValueSchema>;
};

/**
 * Every template's checks: the spec's sixteen on every sheet, the other templates' items optional (sheets made
 * before templates have none of them). Which of them a sheet shows is its template's business.
 */
function buildCheckItemShape(): CheckItemShape {
  const general = new Set<string>(CHECK_ITEM_FIELDS);
  const shape: Record<string, z.ZodType> = {};
  for (const field of ALL_CHECK_ITEM_FIELDS) {
    shape[field] = general.has(field) ? CheckValueSchema : CheckValueSchema.optional();
  }
  return shape as CheckItemShape;
}

const fieldsShape = {
  status: FormStatusSchema,
  // Step 1: driver and company
  checkDate: IsoDateSchema,
  company: NameFieldSchema,
  siteLocation: NameFieldSchema,
  clientCompany: NameFieldSchema,
  onHireTo: NameFieldSchema,
  driverSignedName: NameFieldSchema,
  customerId: CustomerIdFieldSchema,
  orderNumber: OrderNumberFieldSchema,
  // Step 2: vehicle
  plantNumber: NameFieldSchema,
  machineNumber: NameFieldSchema,
  // Step 3: daily safety check, on the list of the machine's category (absent on sheets made before them)
  checkTemplate: z.enum(CHECK_TEMPLATE_IDS).optional(),
  ...buildCheckItemShape(),
  defectsNotes: NotesFieldSchema,
  // Absent on sheets made before it: their fingerprint leaves it out, as when they were signed.
  operatorInitials: z.string().max(OPERATOR_INITIALS_MAX_LENGTH).optional(),
  stoppageReason: NotesFieldSchema,
  fuelLevel: ShortTextFieldSchema,
  hydraulicOilLevel: ShortTextFieldSchema,
  engineOilLevel: ShortTextFieldSchema,
  coolantLevel: ShortTextFieldSchema,
  seatBeltCheck: CheckValueSchema,
  emergencyStopCheck: CheckValueSchema,
  warningLightsCheck: CheckValueSchema,
  ...readingsShape(),
  // Step 4: photos
  photos: PhotoListSchema,
  // Step 5: signatures and submission
  ...signAndSubmitShape,
  /** Set when the sheet is submitted (status ready_for_approval). */
  submittedAt: TimestampSchema.nullable(),
};

/** Everything a driver fills in: a check sheet without its id and creation time. */
export const CheckSheetFieldsSchema = z.object(fieldsShape);
export type CheckSheetFields = z.infer<typeof CheckSheetFieldsSchema>;

/**
 * A stored Daily Plant Defect Check sheet (spec section 3), and the body of POST /api/check-sheets and
 * PUT /api/check-sheets/{id}: every field optional, the id made by the client. A create without a checkDate gets
 * today's date from the server.
 */
export const { stored: CheckSheetSchema, input: CheckSheetInputSchema } =
  storedAndInputSchemas(CheckSheetFieldsSchema);
export type CheckSheet = z.infer<typeof CheckSheetSchema>;
export type CheckSheetInput = z.infer<typeof CheckSheetInputSchema>;

/**
 * A blank check sheet dated `today` (an ISO date: the caller knows the user's calendar), on the given machine
 * category's check list.
 */
export function emptyCheckSheet(
  today: string,
  checkTemplate: CheckTemplateId = DEFAULT_CHECK_TEMPLATE.id,
): CheckSheetFields {
  const items: Record<string, null> = {};
  for (const field of CHECK_ITEM_FIELDS) items[field] = null;
  for (const item of checkTemplateOf({ checkTemplate }).items) items[item.field] = null;
  return {
    status: "draft",
    checkDate: today,
    company: "",
    siteLocation: "",
    clientCompany: "",
    onHireTo: "",
    driverSignedName: "",
    customerId: "",
    orderNumber: "",
    plantNumber: "",
    machineNumber: "",
    checkTemplate,
    ...(items as Pick<CheckSheetFields, GeneralCheckField>),
    defectsNotes: "",
    operatorInitials: "",
    stoppageReason: "",
    fuelLevel: "",
    hydraulicOilLevel: "",
    engineOilLevel: "",
    coolantLevel: "",
    seatBeltCheck: null,
    emergencyStopCheck: null,
    warningLightsCheck: null,
    photos: [],
    ...blankSignAndSubmit(),
    submittedAt: null,
  };
}

/** A saved check sheet with an input applied: the fields the input carries replace the old ones. */
export function applyCheckSheetInput<T extends CheckSheetFields>(base: T, input: CheckSheetInput): T {
  return applyInput(base, input);
}
