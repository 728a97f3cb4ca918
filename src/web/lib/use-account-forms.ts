import { type QueryClient, useQueries, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { z } from "zod";
import { CheckSheetSchema } from "../../domain/checks/check-sheet";
import { CompanyFormAnswerSchema } from "../../domain/company/company-state";
import { SentBackSchema } from "../../domain/forms/sent-back";
import { OffHireNoteSchema } from "../../domain/hire/off-hire-note";
import { TimesheetSchema } from "../../domain/hours/timesheet";
import { fetchKeepingOffline } from "../offline/kept-lists";
import {
  afterOutboxChange,
  readWaitingSaves,
  type WaitingSave,
  withWaitingSaves,
} from "../offline/waiting-saves";
import { apiRequest } from "./api-client";
import { FRESH_LIST } from "./query-client";
import { useOwner } from "./session-store";

/** The account's lists, as TanStack Query keys: GET the key parts joined by '/'. */
export const TIMESHEETS_KEY = ["/api/timesheets"] as const;
export const CHECK_SHEETS_KEY = ["/api/check-sheets"] as const;
export const OFF_HIRE_NOTES_KEY = ["/api/off-hire-notes"] as const;

/** When the server last moved a form, beyond the spec's fields: read by the history's submitted date. */
const storedTimes = {
  updatedAt: z.string().nullish(),
  completedAt: z.string().nullish(),
  /** Why the company's office sent the form back, until the next approval (decision record 029). */
  sentBack: SentBackSchema.nullish(),
  /** A company member's form in the company's words, with the office's reason while it is returned (040). */
  companyState: CompanyFormAnswerSchema.nullish(),
};

export const StoredTimesheetSchema = TimesheetSchema.extend({
  ...storedTimes,
  submittedAt: z.string().nullish(),
});
export type StoredTimesheet = z.infer<typeof StoredTimesheetSchema>;

export const StoredCheckSheetSchema = CheckSheetSchema.extend(storedTimes);
export type StoredCheckSheet = z.infer<typeof StoredCheckSheetSchema>;

export const StoredOffHireNoteSchema = OffHireNoteSchema.extend(storedTimes);
export type StoredOffHireNote = z.infer<typeof StoredOffHireNoteSchema>;

/**
 * A list as the server answered it, with the driver's saves waiting to send over it (waiting-saves.ts), keeping
 * the records that read as forms. One unreadable record (an old shape, a half-written row) is logged and left
 * out rather than hiding every other form from the driver.
 */
function readList<S extends z.ZodType>(
  schema: S,
  { data, waiting }: AccountListAnswer,
  what: string,
): z.output<S>[] {
  if (!Array.isArray(data)) throw new Error(`The ${what} list is not a list`);
  return withWaitingSaves(data, waiting, (record) => {
    const parsed = schema.safeParse(record);
    if (parsed.success) return parsed.data;
    console.error(`Could not read a ${what}`, parsed.error.issues);
    return null;
  });
}

/** A list of the account's as read: from the server or, without signal, this device's copy, and its waiting saves. */
interface AccountListAnswer {
  data: unknown;
  waiting: WaitingSave[];
  /** When what the server answered was read: now, or when the device's copy was kept. */
  refreshedAt: number;
  /** Read from this device's copy, for want of signal. */
  fromDevice: boolean;
}

// Module-level, so TanStack Query keeps each selected list until its answer changes.
const selectTimesheets = (answer: AccountListAnswer) => ({
  list: readList(StoredTimesheetSchema, answer, "timesheet"),
  refreshedAt: answer.refreshedAt,
  fromDevice: answer.fromDevice,
});
const selectCheckSheets = (answer: AccountListAnswer) => ({
  list: readList(StoredCheckSheetSchema, answer, "check sheet"),
  refreshedAt: answer.refreshedAt,
  fromDevice: answer.fromDevice,
});
const selectOffHireNotes = (answer: AccountListAnswer) => ({
  list: readList(StoredOffHireNoteSchema, answer, "off-hire note"),
  refreshedAt: answer.refreshedAt,
  fromDevice: answer.fromDevice,
});

/** A list of the account's, kept on this device for the driver and read from there without signal. */
function accountListQuery(owner: string | null) {
  return async ({
    queryKey,
    signal,
  }: {
    queryKey: readonly unknown[];
    signal: AbortSignal;
  }): Promise<AccountListAnswer> => {
    const url = queryKey.map(String).join("/");
    // Read before the server is asked: a save that lands meanwhile is in one or the other, never in neither.
    const waiting = await readWaitingSaves(owner, url);
    const { data, keptAt } = await fetchKeepingOffline(owner, url, () =>
      apiRequest<unknown>("GET", url, undefined, { signal }),
    );
    return { data, waiting, refreshedAt: keptAt ?? Date.now(), fromDevice: keptAt !== null };
  };
}

/**
 * The account's two lists as queries, keeping up with the account's other devices (FRESH_LIST). Their query
 * reads this device's copy itself when there is no signal, so it runs then too rather than pausing until the
 * browser reports a connection; and a list read from the device's copy is due again at once, so the first
 * chance with signal (the signal's return, a screen opening) replaces it.
 */
export function accountListQueries(owner: string | null) {
  const options = accountListOptions(owner);
  return [
    { queryKey: TIMESHEETS_KEY, select: selectTimesheets, ...options },
    { queryKey: CHECK_SHEETS_KEY, select: selectCheckSheets, ...options },
  ] as const;
}

/** The account's off-hire notes as a query, read and kept on this device as the other two lists are. */
export function offHireListQuery(owner: string | null) {
  return { queryKey: OFF_HIRE_NOTES_KEY, select: selectOffHireNotes, ...accountListOptions(owner) } as const;
}

function accountListOptions(owner: string | null) {
  return {
    queryFn: accountListQuery(owner),
    ...FRESH_LIST,
    staleTime: (query: { state: { data?: AccountListAnswer } }) =>
      query.state.data?.fromDevice ? 0 : FRESH_LIST.staleTime,
    networkMode: "always",
  } as const;
}

export type AccountForms =
  | { status: "pending"; timesheets: []; checkSheets: [] }
  | { status: "error"; timesheets: []; checkSheets: [] }
  | {
      status: "success";
      timesheets: StoredTimesheet[];
      checkSheets: StoredCheckSheet[];
      /** When the lists shown were last read from the server (the older of the two). */
      refreshedAt: number;
      /** Shown from this device's copy, for want of signal. */
      fromDevice: boolean;
    };

interface ListResult<T> {
  data?: { list: T[]; refreshedAt: number; fromDevice: boolean } | undefined;
  error: unknown;
}

/**
 * The two lists as one (spec section 7): they count only when both have arrived, as pairing would show half-sets
 * with one missing; until then a failure leaves both empty. Once shown, a read that fails (no signal, the server
 * down) leaves them as they were: a refresh never empties a list.
 */
export function accountFormsOf(
  timesheets: ListResult<StoredTimesheet>,
  checkSheets: ListResult<StoredCheckSheet>,
): AccountForms {
  if (timesheets.data && checkSheets.data) {
    return {
      status: "success",
      timesheets: timesheets.data.list,
      checkSheets: checkSheets.data.list,
      refreshedAt: Math.min(timesheets.data.refreshedAt, checkSheets.data.refreshedAt),
      fromDevice: timesheets.data.fromDevice || checkSheets.data.fromDevice,
    };
  }
  if (timesheets.error || checkSheets.error) return { status: "error", timesheets: [], checkSheets: [] };
  return { status: "pending", timesheets: [], checkSheets: [] };
}

/**
 * Every timesheet and check sheet of the signed-in account, fetched together, with the driver's saves that wait
 * to be sent (accountFormsOf); failures are only logged, as the spec has it. Without signal, the lists kept on
 * this device from the driver's last visit are shown instead, with when they were kept.
 */
export function useAccountForms(): AccountForms {
  const owner = useOwner();
  const [timesheets, checkSheets] = useQueries({ queries: accountListQueries(owner) });
  const error = timesheets.error ?? checkSheets.error;
  useEffect(() => {
    if (error) console.error("Could not load the account's forms", error);
  }, [error]);
  return accountFormsOf(timesheets, checkSheets);
}

/**
 * The account's off-hire notes with the driver's saves that wait to be sent: without signal, the list kept on this
 * device from the driver's last visit.
 */
export function useAccountOffHireNotes(): StoredOffHireNote[] | undefined {
  return useQuery(offHireListQuery(useOwner())).data?.list;
}

/**
 * The outbox changed (a save queued, sent or dropped, here or in another tab): the lists show the driver's
 * waiting saves at once, without asking the server; a list whose save left the outbox is read again.
 */
export async function showWaitingSaves(queryClient: QueryClient, owner: string): Promise<void> {
  for (const queryKey of [TIMESHEETS_KEY, CHECK_SHEETS_KEY, OFF_HIRE_NOTES_KEY]) {
    if (queryClient.getQueryData(queryKey) === undefined) continue;
    const waiting = await readWaitingSaves(owner, queryKey[0]);
    let left = false;
    queryClient.setQueryData<AccountListAnswer>(
      queryKey,
      (answer) => {
        if (!answer) return answer;
        const change = afterOutboxChange(answer.waiting, waiting);
        left = change.left;
        return { ...answer, waiting: change.saves };
      },
      // Not a read from the server: the list is due again when it was before.
      { updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt },
    );
    if (left) {
      await queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
    }
  }
}

/**
 * After any change to the account's forms: the lists (and every screen built from them) load afresh, and the
 * customer list, which carries the order number last given each customer.
 */
export async function refreshAccountForms(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TIMESHEETS_KEY }),
    queryClient.invalidateQueries({ queryKey: CHECK_SHEETS_KEY }),
    queryClient.invalidateQueries({ queryKey: ["/api/collations"] }),
    queryClient.invalidateQueries({ queryKey: ["/api/customers"] }),
  ]);
}
