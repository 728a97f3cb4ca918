import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  CombinedIdSchema,
  CombinedSubmissionRequestSchema,
  CompleteCombinedRequestSchema,
  type DispatchResponse,
  EmailDispatchRequestSchema,
  SupervisorEmailDispatchRequestSchema,
} from "../../domain/api/api";
import { english } from "../../domain/text/i18n/english";
import type { ErrorText } from "../app-error";
import { requireAccount } from "../auth/sessions";
import { parseInput } from "../parse-input";
import { approveAndCompleteCombinedSet } from "../services/approve-and-complete-combined-set";
import { approveCombinedSet } from "../services/approve-combined-set";
import { listOwnCollations } from "../services/combined-set-forms";
import { completeCombinedSet } from "../services/complete-combined-set";
import { dispatchCombinedSet } from "../services/dispatch-combined-set";
import { listOwnSets } from "../services/stored-set";
import { auditActorOf } from "./request-readers";

const CombinedParamsSchema = z.object({ id: CombinedIdSchema });

/**
 * What a call that mailed a pack answers: its message (in English, and by its catalog key for the app to word in
 * the reader's language) and every address the pack went to.
 */
function dispatchReply(text: ErrorText, recipients: string[]): DispatchResponse {
  const { key, params } = text;
  return {
    success: true,
    message: english(key, params),
    key,
    ...(params ? { params } : {}),
    recipients: recipients.length,
    recipientAddresses: recipients,
  };
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
    const { recipients } = await approveCombinedSet(app.deps, account, auditActorOf(request), body);
    return dispatchReply({ key: "supervisor.combinedSubmitted" }, recipients);
  });

  app.post("/supervisor/email-dispatch", async (request): Promise<DispatchResponse> => {
    const account = requireAccount(request);
    const body = parseInput(EmailDispatchRequestSchema, request.body);
    const { recipients } = await dispatchCombinedSet(app.deps, account, auditActorOf(request), body);
    return dispatchReply(
      { key: "dispatch.dispatched", params: { count: recipients.length, addresses: recipients.join(", ") } },
      recipients,
    );
  });

  app.post("/supervisor-email-dispatch", async (request): Promise<DispatchResponse> => {
    const account = requireAccount(request);
    const body = parseInput(SupervisorEmailDispatchRequestSchema, request.body);
    const { recipients } = await approveAndCompleteCombinedSet(
      app.deps,
      account,
      auditActorOf(request),
      body,
    );
    return dispatchReply(
      { key: "approval.approvedAndEmailed", params: { addresses: recipients.join(", ") } },
      recipients,
    );
  });

  app.post("/combined-forms/:id/complete", async (request) => {
    const account = requireAccount(request);
    const { id } = parseInput(CombinedParamsSchema, request.params);
    parseInput(CompleteCombinedRequestSchema, request.body);
    await completeCombinedSet(app.deps, account, auditActorOf(request), id);
    return { id, status: "completed" as const };
  });

  app.get("/combined-sets", async (request) => listOwnSets(app.deps, requireAccount(request)));

  app.get("/collations", async (request) => listOwnCollations(app.deps, requireAccount(request)));
};
