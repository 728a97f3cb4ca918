import { randomBytes } from "node:crypto";
import { checkWebhookUrl, type WebhookRequest, type WebhookView } from "../../../domain/company/webhook";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import {
  deleteWebhook,
  getWebhook,
  latestWebhookDelivery,
  putWebhook,
  resendWebhookDelivery,
  rotateWebhookSecret,
  webhookHistory,
} from "../../db/webhooks-repository";
import { fieldProblem } from "../../parse-input";
import type { ServiceDeps } from "../service-deps";
import { memberOf } from "./organisation-access";

/** A secret of 32 random bytes, made here and shown to the admin once (when set up or rotated). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/**
 * GET /api/organisations/{id}/webhook: the company's webhook for its admins, with how its latest delivery stands and
 * the history of its latest calls; null when none is set up.
 */
export async function viewWebhook(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<{ webhook: WebhookView | null }> {
  await memberOf(deps, account, organisationId, "manage-webhooks");
  const { db } = deps.database;
  const webhook = await getWebhook(db, organisationId);
  if (!webhook) return { webhook: null };
  const last = await latestWebhookDelivery(db, organisationId);
  return {
    webhook: {
      url: webhook.url,
      createdAt: webhook.createdAt,
      updatedAt: webhook.updatedAt,
      secretRotatedAt: webhook.secretRotatedAt,
      lastDelivery: last
        ? {
            id: last.id,
            event: last.event,
            status: last.status,
            attempts: last.attempts,
            outcome: last.lastOutcome,
            httpStatus: last.lastHttpStatus,
            createdAt: last.createdAt,
            sentAt: last.sentAt,
          }
        : null,
      history: await webhookHistory(db, organisationId),
    },
  };
}

/**
 * PUT /api/organisations/{id}/webhook: sets the address. A new webhook gets a secret, answered this once (201);
 * changing the address of one keeps its secret, which is not answered again (200). An address that is not https
 * on the internet answers 400.
 */
export async function setWebhook(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  { url }: WebhookRequest,
): Promise<{ created: boolean; body: { url: string; secret?: string } }> {
  await memberOf(deps, account, organisationId, "manage-webhooks");
  const checked = checkWebhookUrl(url, { allowLocalHttp: deps.config.webhooksAllowLocalHttp });
  if (!checked.ok) throw new AppError("validation_failed", fieldProblem("url", checked.message));
  const secret = newWebhookSecret();
  const created = await putWebhook(deps.database.db, organisationId, checked.url, secret, deps.now());
  return { created, body: created ? { url: checked.url, secret } : { url: checked.url } };
}

/** POST /api/organisations/{id}/webhook/rotate-secret: a new secret, answered once; the old one stops at once. */
export async function rotateSecret(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<{ secret: string }> {
  await memberOf(deps, account, organisationId, "manage-webhooks");
  const secret = newWebhookSecret();
  if (!(await rotateWebhookSecret(deps.database.db, organisationId, secret, deps.now()))) {
    throw new AppError("not_found", "apiError.webhookNotSet");
  }
  return { secret };
}

/** DELETE /api/organisations/{id}/webhook: no more calls; deliveries still waiting are given up. */
export async function removeWebhook(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<void> {
  await memberOf(deps, account, organisationId, "manage-webhooks");
  if (!(await deleteWebhook(deps.database.db, organisationId))) {
    throw new AppError("not_found", "apiError.webhookNotSet");
  }
}

/**
 * POST /api/organisations/{id}/webhook/deliveries/{deliveryId}/resend: sends a given-up delivery again, as a new
 * series of attempts under the same delivery id (so a receiver that took it in after all ignores it). 404 for a
 * delivery that is not the company's, 409 for one not given up or no longer kept.
 */
export async function resendDelivery(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  deliveryId: string,
): Promise<void> {
  await memberOf(deps, account, organisationId, "manage-webhooks");
  const { db } = deps.database;
  if (!(await getWebhook(db, organisationId))) throw new AppError("not_found", "apiError.webhookNotSet");
  const answer = await resendWebhookDelivery(db, organisationId, deliveryId, deps.now());
  if (answer === "not-found") throw new AppError("not_found", "apiError.webhookDeliveryNotFound");
  if (answer === "not-given-up") throw new AppError("conflict", "apiError.webhookDeliveryNotGivenUp");
  if (answer === "gone") throw new AppError("conflict", "apiError.webhookDeliveryGone");
  deps.webhooks?.wake();
}
