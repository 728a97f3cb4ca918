import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import type { AnyFormSpec } from "../../../../domain/forms/form-spec";
import type { OneStepResponse } from "../../../../domain/forms/one-step";
import { currentOwner } from "../../../lib/session-store";
import { type OutboxOutcome, type OutboxRequest, send } from "../../../offline/outbox";

/** Where a draft save goes: the create (POST) until the server holds the form, then updates (PUT). */
export function saveRequest(
  spec: Pick<AnyFormSpec, "apiPath">,
  draft: { id: string; body: object; stored: boolean; label: string },
): OutboxRequest {
  const collection = `/api${spec.apiPath}`;
  return {
    method: draft.stored ? "PUT" : "POST",
    url: draft.stored ? `${collection}/${encodeURIComponent(draft.id)}` : collection,
    body: { ...draft.body, id: draft.id },
    label: draft.label,
    // Saves of one draft share a group: a newer one replaces one not tried yet.
    group: `${collection}/${draft.id}`,
    owner: currentOwner(),
  };
}

/** The one-step completion of a form: its body, and how the outbox keeps it if there is no signal. */
export function oneStepRequest(
  spec: Pick<AnyFormSpec, "oneStep">,
  submission: { body: unknown; label: string; formKey: string; fixUrl: string; submissionId: string },
): OutboxRequest {
  return {
    method: "POST",
    url: `/api${spec.oneStep.path}`,
    body: submission.body,
    label: submission.label,
    formKey: submission.formKey,
    fixUrl: submission.fixUrl,
    // A second tap on a form already waiting to be sent is answered with the first answer, not mailed twice. One
    // key per submission, not per form: a form the office returned is submitted again as a new version.
    idempotencyKey: `one-step:${submission.submissionId}`,
    // Signed in, the form is completed into the account: only that account may send it later.
    owner: currentOwner(),
  };
}

/** After any write of the driver's own: every list that shows it loads afresh. */
function afterWrite(queryClient: QueryClient, outcome: OutboxOutcome | undefined): void {
  // The lists' code (and their schemas) loads with the first write, not with the wizard's first screen.
  if (outcome?.kind === "sent") {
    void import("../../../lib/use-account-forms").then((lists) => lists.refreshAccountForms(queryClient));
  }
}

/**
 * A form's writes as TanStack Query mutations over the outbox's one `send()`: the busy state is the mutation's,
 * and every write that reaches the server refreshes the lists (one that waits for signal does when it lands).
 */
export function useFormWrite(
  mutationKey: readonly unknown[],
  options: { onServerFailure?: "keep" | "refuse" } = {},
) {
  const queryClient = useQueryClient();
  // A second tap while the first request runs must not send it twice (the mutation's state updates a render late).
  const running = useRef(0);
  const mutation = useMutation({
    mutationKey,
    mutationFn: async (request: OutboxRequest) => {
      running.current += 1;
      try {
        return await send(request, { onServerFailure: options.onServerFailure });
      } finally {
        running.current -= 1;
      }
    },
    onSettled: (outcome) => afterWrite(queryClient, outcome),
  });
  return { ...mutation, running };
}

export type { OneStepResponse };
