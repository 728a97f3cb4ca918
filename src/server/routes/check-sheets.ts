import type { FastifyPluginAsync } from "fastify";
import {
  applyCheckSheetInput,
  type CheckSheetFields,
  type CheckSheetInput,
  CheckSheetInputSchema,
  emptyCheckSheet,
} from "../../domain/check-sheet";
import { formatIsoDate } from "../../domain/iso-date";
import { type FormKind, formRoutes } from "./form-routes";

export const checkSheetKind: FormKind<"check_sheets", CheckSheetFields, CheckSheetInput> = {
  table: "check_sheets",
  path: "/check-sheets",
  noun: "check sheet",
  inputSchema: CheckSheetInputSchema,
  // A create without a check date is dated today (spec section 3).
  empty: (now) => emptyCheckSheet(formatIsoDate(now)),
  apply: applyCheckSheetInput,
  columns: (form) => ({
    driverSignedName: form.driverSignedName,
    plantNumber: form.plantNumber,
    customerId: form.customerId,
    orderNumber: form.orderNumber,
    checkDate: form.checkDate || null,
  }),
};

export const checkSheetRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formRoutes(checkSheetKind));
};
