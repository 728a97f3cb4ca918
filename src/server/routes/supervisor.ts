import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  CombinedIdSchema,
  CombinedSubmissionRequestSchema,
  CompleteCombinedRequestSchema,
  type DispatchResponse,
  EmailDispatchRequestSchema,
  type StoredSet,
  SupervisorEmailDispatchRequestSchema,
} from "../../domain/api";
import { buildCollations, type CollationEntry } from "../../domain/collation";
import { messages } from "../../domain/messages";
import { requireAccount } from "../auth/sessions";
import { listForms } from "../db/forms-repository";
import { listApprovals } from "../db/supervisor-approvals-repository";
import { parseInput } from "../parse-input";
import { approveAndCompleteCombinedSet } from "../services/approve-and-complete-combined-set";
import { approveCombinedSet } from "../services/approve-combined-set";
import { asCheckSheet, asTimesheet } from "../services/combined-set-forms";
import { completeCombinedSet } from "../services/complete-combined-set";
import { dispatchCombinedSet } from "../services/dispatch-combined-set";
import { auditActorOf } from "../services/record-audit";
import { toStoredSet } from "../services/stored-set";

const CombinedParamsSchema = z.object({ id: CombinedIdSchema });

/** What a call that mailed a pack answers: its message and every address the pack went to. */
function dispatchReply(message: string, recipients: string[]): DispatchResponse {
  return { success: true, message, recipients: recipients.length, recipientAddresses: recipients };
}

/**
 * The supervisor area's calls (spec section 7): Get Approval, Email Dispatch, the approval dashboard's
 * 'Email to Clients & Complete', completion, the stored sets and the collation list. Each needs an account and works only
 * on that account's forms; the services check the set and its status.
 */
export const supervisorRoutes: FastifyPluginAsync = async (app) => {
  app.post("/combined-submission", async (request): Promise<DispatchResponse> => {
    const account = requireAccount(request);
    const body = parseInput(CombinedSubmissionRequestSchema, request.body);
    const { recipients } = await approveCombinedSet(app, account, auditActorOf(request), body);
    return dispatchReply(messages.combinedSubmitted, recipients);
  });

  app.post("/supervisor/email-dispatch", async (request): Promise<DispatchResponse> => {
    const account = requireAccount(request);
    const body = parseInput(EmailDispatchRequestSchema, request.body);
    const { recipients } = await dispatchCombinedSet(app, account, auditActorOf(request), body);
    return dispatchReply(messages.formsDispatched(recipients), recipients);
  });

  app.post("/supervisor-email-dispatch", async (request): Promise<DispatchResponse> => {
    const account = requireAccount(request);
    const body = parseInput(SupervisorEmailDispatchRequestSchema, request.body);
    const { recipients } = await approveAndCompleteCombinedSet(app, account, auditActorOf(request), body);
    return dispatchReply(messages.formsApprovedAndEmailed(recipients), recipients);
  });

  app.post("/combined-forms/:id/complete", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(CombinedParamsSchema, request.params);
    parseInput(CompleteCombinedRequestSchema, request.body);
    await completeCombinedSet(app, account, auditActorOf(request), id);
    return { id, status: "completed" as const };
  });

  app.get("/combined-sets", async (request): Promise<StoredSet[]> => {
    const account = requireAccount(request);
    return (await listApprovals(app.deps.database.db, account.id)).map(toStoredSet);
  });

  app.get("/collations", async (request): Promise<CollationEntry[]> => {
    const account = requireAccount(request);
    const { db } = app.deps.database;
    const [timesheets, checkSheets] = await Promise.all([
      listForms(db, "timesheet", account.id),
      listForms(db, "check-sheet", account.id),
    ]);
    return buildCollations(timesheets.map(asTimesheet), checkSheets.map(asCheckSheet));
  });
};
