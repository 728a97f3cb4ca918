import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  type CheckSheetSummary,
  FormListQuerySchema,
  type FormPage,
  type TimesheetSummary,
} from "../../domain/api";
import { IdSchema } from "../../domain/form-fields";
import { type FormStatus, isOpenStatus, OPEN_STATUSES } from "../../domain/form-status";
import { messages } from "../../domain/messages";
import type { SignedAtFields } from "../../domain/signatures";
import { AppError } from "../app-error";
import { requireAccount } from "../auth/sessions";
import type { Account } from "../db/accounts-repository";
import {
  type FormListPosition,
  type FormPatch,
  type FormRecord,
  type FormTable,
  getForm,
  getFormText,
  insertForm,
  listFormSummariesByOwner,
  listFormsByOwner,
  type StoredFormText,
  updateForm,
} from "../db/forms-repository";
import type { DB } from "../db/schema";
import { assignJsonMembers, utf8Bytes } from "../json-members";
import { parseInput } from "../parse-input";
import { archiveForm } from "../services/archive-form";
import { refuseSignedAtProblem } from "../services/complete-form";
import { deleteForm } from "../services/delete-form";
import { auditActorOf } from "../services/record-audit";

/** Writes that must land with a saved form or not at all. */
export type SaveWrites = (trx: Kysely<DB>) => Promise<void>;

/** What a form kind (timesheet, check sheet) tells the shared routes about itself. */
export interface FormKind<T extends FormTable, F extends { status: FormStatus }, I extends { id?: string }> {
  table: T;
  /** The path under /api, e.g. "/timesheets". */
  path: string;
  /** Used in messages: "timesheet", "check sheet". */
  noun: string;
  inputSchema: z.ZodType<I>;
  /** A blank form as of `now`. */
  empty: (now: Date) => F;
  /** The stored form with an input applied, derived fields recomputed: a new object, the base left as it was. */
  apply: (base: F, input: I) => F;
  /** The copies of form fields kept in columns for lists and pairing. */
  columns: (form: F) => FormPatch<T>;
  /** The form's date (ISO, or "" while unset): the week ending, the check date. */
  date: (form: F) => string;
  /**
   * Why the form as it would be saved cannot be, or null: rules that hold whatever the input (e.g. what a
   * submission needs). The answer is the user-facing message of a 400.
   */
  saveProblem?: (form: F) => string | null;
  /**
   * Checks a save needs I/O for, run before anything is written (refusing with an AppError); the writes it
   * returns are made in the save's transaction.
   */
  prepareSave?: (
    app: FastifyInstance,
    context: { account: Account; id: string; form: F },
  ) => Promise<SaveWrites>;
  /**
   * Writes that go with deleting a form, made in the delete's transaction (e.g. its photos' rows); what it
   * returns runs once the delete has committed (e.g. removing the photos' bytes).
   */
  onDelete?: (
    app: FastifyInstance,
    trx: Kysely<DB>,
    context: { account: Account; id: string },
  ) => Promise<() => Promise<void>>;
}

const IdParamsSchema = z.object({ id: IdSchema });

const DEFAULT_FORM_PAGE_SIZE = 50;
const ListCursorSchema = z.tuple([z.iso.datetime(), IdSchema]);

/** Where the next page starts, opaque to clients: the last form's update time and id. */
function encodeListCursor(last: FormListPosition): string {
  return Buffer.from(JSON.stringify([last.updatedAt, last.id])).toString("base64url");
}

function decodeListCursor(cursor: string): FormListPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const result = ListCursorSchema.safeParse(parsed);
  if (!result.success) throw new AppError("bad_request", "The list cursor is not valid.");
  const [updatedAt, id] = result.data;
  return { updatedAt, id };
}

/**
 * A stored form as the API answers it: the fields, with the row's id, status and times. The record's own `data`
 * (parsed for this record alone) becomes the answer instead of being copied: copying a form's 80-odd fields into
 * a new object made a slow object and cost several times what reading the row did.
 */
export function toApiForm<T extends FormTable>(record: FormRecord<T>) {
  return Object.assign(record.data, {
    id: record.id,
    status: record.status,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    submittedAt: record.submittedAt,
    completedAt: record.completedAt,
  });
}

/**
 * The JSON of toApiForm for a form read as text: the stored text as it is, with the row's fields set in it. The
 * answer is the same, without parsing 20-odd KB of JSON only to write it out again.
 */
export function apiFormJson(stored: StoredFormText): string {
  return assignJsonMembers(stored.data, {
    id: stored.id,
    status: stored.status,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
    submittedAt: stored.submittedAt,
    completedAt: stored.completedAt,
  });
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Saving may move a form between draft and ready for approval, or archive it; approval, dispatch and completion
 * have their own calls that check what they need.
 */
function statusChangeBySave(status: FormStatus | undefined): "edit" | "archive" {
  if (status === undefined || isOpenStatus(status)) return "edit";
  if (status === "archived") return "archive";
  throw new AppError("bad_request", `A form becomes ${status} through approval and dispatch, not by saving.`);
}

/**
 * GET list, GET one, POST, PUT and DELETE of spec section 7 for one form kind. Every call needs an account and
 * only ever sees that account's forms: another account's id answers 404, exactly like an id that does not exist.
 */
export function formRoutes<T extends FormTable, F extends { status: FormStatus }, I extends { id?: string }>(
  kind: FormKind<T, F, I>,
): FastifyPluginAsync {
  return async (app) => {
    const { db } = app.deps.database;
    const notFound = () => new AppError("not_found", `No such ${kind.noun}.`);
    const refuseProblem = (form: F, stored: SignedAtFields, input: I, now: Date) => {
      const problem = kind.saveProblem?.(form);
      if (problem) throw new AppError("validation_failed", problem);
      refuseSignedAtProblem(stored, input as SignedAtFields, kind.date(form), now);
    };

    app.get(kind.path, async (request) => {
      const account = requireAccount(request);
      const { status, limit, cursor } = parseInput(FormListQuerySchema, request.query);
      const statuses = status ? [status] : undefined;
      // Without paging asked for, the whole list as a plain array, as before paging existed.
      if (limit === undefined && cursor === undefined) {
        return (await listFormsByOwner(db, kind.table, account.id, { statuses })).map(toApiForm);
      }
      const pageSize = limit ?? DEFAULT_FORM_PAGE_SIZE;
      // One more than the page tells whether there is a next page without a count.
      const summaries = await listFormSummariesByOwner(db, kind.table, account.id, {
        statuses,
        limit: pageSize + 1,
        after: cursor === undefined ? undefined : decodeListCursor(cursor),
      });
      const items = summaries.slice(0, pageSize);
      const last = items.at(-1);
      const page: FormPage<TimesheetSummary | CheckSheetSummary> = {
        items,
        nextCursor: summaries.length > pageSize && last ? encodeListCursor(last) : null,
      };
      return page;
    });

    app.get(`${kind.path}/:id`, async (request, reply) => {
      const account = requireAccount(request);
      const { id } = parseInput(IdParamsSchema, request.params);
      const stored = await getFormText(db, kind.table, account.id, id);
      if (!stored) throw notFound();
      // Already JSON, sent as it is; as bytes, which the socket takes without copying them again.
      return reply.type(JSON_CONTENT_TYPE).send(utf8Bytes(apiFormJson(stored)));
    });

    app.post(kind.path, async (request, reply) => {
      const account = requireAccount(request);
      const input = parseInput(kind.inputSchema, request.body);
      const now = app.deps.now();
      const id = input.id ?? randomUUID();
      const form = kind.apply(kind.empty(now), input);
      if (statusChangeBySave(form.status) === "archive") {
        throw new AppError("bad_request", `A new ${kind.noun} cannot be archived.`);
      }
      refuseProblem(form, {}, input, now);
      const writes = await kind.prepareSave?.(app, { account, id, form });
      const insert = (q: Kysely<DB>) =>
        insertForm(
          q,
          kind.table,
          {
            id,
            ownerId: account.id,
            ...kind.columns(form),
            status: form.status,
            submittedAt: form.status === "ready_for_approval" ? now.toISOString() : null,
            data: form as Record<string, unknown>,
          },
          now,
        );
      // One statement is atomic on its own; other writes need a transaction around them and it.
      const inserted = writes
        ? await db.transaction().execute(async (trx) => {
            const done = await insert(trx);
            // A replay changes nothing, and an id that is someone else's form must not take our photos with it.
            if (done) await writes(trx);
            return done;
          })
        : await insert(db);
      // A replayed create (the same client-made id) answers like the first one did.
      if (!inserted && !(await getForm(db, kind.table, account.id, id))) {
        throw new AppError("conflict", `This ${kind.noun} id is already in use.`);
      }
      return reply.status(inserted ? 201 : 200).send({ id });
    });

    /**
     * What a save of `input` makes of the stored form: "archive", or the edited form. Kept apart from the write
     * so that the stored form is no longer held while the write waits for its commit: many saves wait at once,
     * and whatever they hold is copied by every garbage collection meanwhile.
     */
    const editOf = async (account: Account, id: string, input: I) => {
      const current = await getForm(db, kind.table, account.id, id);
      if (!current) throw notFound();
      const now = app.deps.now();
      if (statusChangeBySave((input as { status?: FormStatus }).status) === "archive") return "archive";
      if (!isOpenStatus(current.status)) throw new AppError("conflict", messages.formLocked);
      // The parsed row is this request's own: `apply` copies it, so it still holds the stored signing times.
      const stored = current.data as F;
      stored.status = current.status;
      const form = kind.apply(stored, input);
      refuseProblem(form, current.data, input, now);
      return {
        form,
        now,
        submittedNow: form.status === "ready_for_approval" && current.submittedAt === null,
      };
    };

    app.put(`${kind.path}/:id`, async (request) => {
      const account = requireAccount(request);
      const { id } = parseInput(IdParamsSchema, request.params);
      const input = parseInput(kind.inputSchema, request.body);
      if (input.id !== undefined && input.id !== id) {
        throw new AppError("bad_request", "The id in the body does not match the address.");
      }
      const edit = await editOf(account, id, input);
      if (edit === "archive") {
        if (!(await archiveForm(app, account, auditActorOf(request), kind.table, id))) throw notFound();
        return { id };
      }
      const { form, now, submittedNow } = edit;
      const writes = await kind.prepareSave?.(app, { account, id, form });
      const update = (q: Kysely<DB>) =>
        updateForm(
          q,
          kind.table,
          account.id,
          id,
          {
            ...kind.columns(form),
            status: form.status,
            ...(submittedNow ? { submittedAt: now.toISOString() } : {}),
            data: form as Record<string, unknown>,
          } as FormPatch<T>,
          // Completed meanwhile by another request: the edit must not land on a signed form.
          { now, onlyIfStatusIn: OPEN_STATUSES },
        );
      // One statement is atomic on its own; other writes need a transaction around them and it.
      const updated = writes
        ? await db.transaction().execute(async (trx) => {
            const done = await update(trx);
            if (done) await writes(trx);
            return done;
          })
        : await update(db);
      if (!updated) throw new AppError("conflict", messages.formLocked);
      return { id };
    });

    app.delete(`${kind.path}/:id`, async (request, reply) => {
      const account = requireAccount(request);
      const { id } = parseInput(IdParamsSchema, request.params);
      const alsoDelete = kind.onDelete && ((trx: Kysely<DB>) => kind.onDelete!(app, trx, { account, id }));
      if (!(await deleteForm(app, account, auditActorOf(request), kind.table, id, alsoDelete))) {
        throw notFound();
      }
      return reply.status(204).send();
    });
  };
}
