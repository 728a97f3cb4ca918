import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { isOpenStatus, OPEN_STATUSES } from "../../domain/form-status";
import { messages } from "../../domain/messages";
import type { Rating } from "../../domain/rating";
import { type SignedAtFields, signedAtProblem } from "../../domain/signatures";
import { AppError } from "../app-error";
import { newToken } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import {
  type FormPatch,
  type FormRecord,
  type FormTable,
  getForm,
  insertForm,
  updateForm,
} from "../db/forms-repository";
import { enqueueMail } from "../db/outbox-repository";
import type { DB } from "../db/schema";
import { type CompletedFormMailOptions, completedFormMail } from "../mail/completed-form-mail";
import { AUDIT_FORM_TYPE, type AuditActor, recordAudit } from "./record-audit";

/** The rating and notes kept with a completed form, beside its fields. */
export interface RatedForm {
  supervisorRating: Rating;
  supervisorNotes: string;
  ratedAt: string;
}

/** Refuses a completion whose signatures' drawn-at times cannot be right (see `signedAtProblem`). */
export function refuseSignedAtProblem(
  stored: SignedAtFields,
  input: SignedAtFields,
  formDate: string,
  now: Date,
) {
  const problem = signedAtProblem(stored, input, formDate, now);
  if (problem) throw new AppError("validation_failed", problem);
}

/** Where the emailed link of a kept form points: the read-only view, opened by its unguessable token. */
export function completedFormLink(publicUrl: string, id: string, viewToken: string): string {
  return `${publicUrl}/completed-form/${encodeURIComponent(id)}?token=${viewToken}`;
}

/**
 * The account holder's stored form that a completion finishes, if there is one. A form already completed (or
 * approved, dispatched, archived) stays as it was signed, so completing it again is refused. Another account's
 * form is invisible here, so its id is taken as a new form and then refused when it is inserted.
 */
export async function openForCompletion<T extends FormTable>(
  app: FastifyInstance,
  table: T,
  account: Account | null,
  id: string,
): Promise<FormRecord<T> | undefined> {
  const existing = account ? await getForm(app.deps.database.db, table, account.id, id) : undefined;
  if (existing && !isOpenStatus(existing.status)) throw new AppError("conflict", messages.formLocked);
  return existing;
}

export interface FormCompletion<T extends FormTable> {
  table: T;
  account: Account | null;
  /** Who completes it, for the audit trail of a kept form. */
  actor: AuditActor;
  id: string;
  /** What `openForCompletion` found: the draft that is being completed. */
  existing: FormRecord<T> | undefined;
  /** The queried columns of the completed form (names, plant, customer, date). */
  columns: Omit<FormPatch<T>, "status" | "data" | "viewToken" | "submittedAt" | "completedAt">;
  /** The completed form as stored: its fields, the rating beside them. */
  data: Record<string, unknown>;
  recipients: readonly string[];
  /** The mail each recipient gets, less the address and the link, which are added here. */
  mail: Omit<CompletedFormMailOptions, "to" | "link">;
  /** Further writes that must land with the completion or not at all (photos tied to the form, or deleted). */
  inTransaction?: (trx: Kysely<DB>) => Promise<void>;
}

/**
 * Completes a form in one transaction: an account holder's form is stored as completed with a fresh view
 * token and its audit row, one mail per recipient is queued with the PDF attached (and, for a kept form, the read-only link),
 * and the caller's own writes run alongside. Without an account nothing is stored: the outbox keeps the mail
 * until it is delivered and then drops its content. The outbox is woken once the transaction has committed.
 */
export async function completeForm<T extends FormTable>(
  app: FastifyInstance,
  completion: FormCompletion<T>,
): Promise<{ id: string | null }> {
  const { db } = app.deps.database;
  const { table, account, id, existing } = completion;
  const now = app.deps.now();
  const viewToken = account ? newToken() : null;
  const link = viewToken ? completedFormLink(app.deps.config.publicUrl, id, viewToken) : null;

  await db.transaction().execute(async (trx) => {
    if (account) {
      const stored = {
        ...completion.columns,
        status: "completed" as const,
        viewToken,
        submittedAt: existing?.submittedAt ?? now.toISOString(),
        completedAt: now.toISOString(),
        data: completion.data,
      } as FormPatch<T> & { status: "completed"; data: Record<string, unknown> };
      const saved = existing
        ? await updateForm(trx, table, account.id, id, stored, { now, onlyIfStatusIn: OPEN_STATUSES })
        : await insertForm(trx, table, { id, ownerId: account.id, ...stored }, now);
      // Completed meanwhile by another request, or the id is another account's form.
      if (!saved) throw new AppError("conflict", messages.formLocked);
      await recordAudit(
        trx,
        completion.actor,
        [
          {
            formType: AUDIT_FORM_TYPE[table],
            formId: id,
            action: "complete",
            details: { recipients: completion.recipients, via: "one-step" },
          },
        ],
        now,
      );
    }
    await completion.inTransaction?.(trx);
    for (const to of completion.recipients) {
      await enqueueMail(trx, completedFormMail({ ...completion.mail, to, link }), now);
    }
  });
  app.deps.outbox?.wake();
  return { id: account ? id : null };
}

/** A file-name-safe form of a plant number or the like: lower case, dashes between words. */
export function fileSlug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
