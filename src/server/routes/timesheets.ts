import type { FastifyPluginAsync } from "fastify";
import { TimesheetOneStepRequestSchema } from "../../domain/api";
import { messages } from "../../domain/messages";
import {
  applyTimesheetInput,
  emptyTimesheet,
  type TimesheetFields,
  type TimesheetInput,
  TimesheetInputSchema,
} from "../../domain/timesheet";
import { parseInput } from "../parse-input";
import { completeTimesheet } from "../services/complete-timesheet";
import { auditActorOf } from "../services/record-audit";
import { type FormKind, formRoutes } from "./form-routes";

export const timesheetKind: FormKind<"timesheets", TimesheetFields, TimesheetInput> = {
  table: "timesheets",
  path: "/timesheets",
  noun: "timesheet",
  inputSchema: TimesheetInputSchema,
  empty: () => emptyTimesheet(),
  apply: applyTimesheetInput,
  columns: (form) => ({
    driverSignedName: form.driverSignedName,
    plantNumber: form.plantNumber,
    customerId: form.customerId,
    orderNumber: form.orderNumber,
    weekEnding: form.weekEnding || null,
  }),
  date: (form) => form.weekEnding,
};

export const timesheetRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formRoutes(timesheetKind));

  // With an account the form is kept and completed; without one it is only mailed (spec section 6).
  app.post("/timesheets/one-step-completion", async (request) => {
    const body = parseInput(TimesheetOneStepRequestSchema, request.body);
    const { id } = await completeTimesheet(
      app,
      request.session?.account ?? null,
      body,
      auditActorOf(request),
    );
    return {
      success: true,
      message: messages.timesheetOneStepSucceeded(body.supervisorRating).description,
      id,
    };
  });
};
