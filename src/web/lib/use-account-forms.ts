import { type QueryClient, useQueries } from "@tanstack/react-query";
import { useEffect } from "react";
import { z } from "zod";
import { CheckSheetSchema } from "../../domain/check-sheet";
import { SentBackSchema } from "../../domain/sent-back";
import { TimesheetSchema } from "../../domain/timesheet";
import { fetchKeepingOffline, type ListAnswer } from "../offline/kept-lists";
import { apiRequest } from "./api-client";
import { useOwner } from "./session-store";

/** The account's lists, as TanStack Query keys: GET the key parts joined by '/'. */
export const TIMESHEETS_KEY = ["/api/timesheets"] as const;
export const CHECK_SHEETS_KEY = ["/api/check-sheets"] as const;

/** When the server last moved a form, beyond the spec's fields: read by the history's submitted date. */
const storedTimes = {
  updatedAt: z.string().nullish(),
  completedAt: z.string().nullish(),
  /** Why the company's office sent the form back, until the next approval (decision record 029). */
  sentBack: SentBackSchema.nullish(),
};

export const StoredTimesheetSchema = TimesheetSchema.extend({
  ...storedTimes,
  submittedAt: z.string().nullish(),
});
export type StoredTimesheet = z.infer<typeof StoredTimesheetSchema>;

export const StoredCheckSheetSchema = CheckSheetSchema.extend(storedTimes);
export type StoredCheckSheet = z.infer<typeof StoredCheckSheetSchema>;

/**
 * A list as the server answered it, keeping the records that read as forms. One unreadable record (an old
 * shape, a half-written row) is logged and left out rather than hiding every other form from the driver.
 */
function readList<S extends z.ZodType>(schema: S, answer: unknown, what: string): z.output<S>[] {
  if (!Array.isArray(answer)) throw new Error(`The ${what} list is not a list`);
  return answer.flatMap((record) => {
    const parsed = schema.safeParse(record);
    if (parsed.success) return [parsed.data];
    console.error(`Skipping an unreadable ${what}`, parsed.error.issues);
    return [];
  });
}

// Module-level, so TanStack Query keeps each selected list until its answer changes.
const selectTimesheets = ({ data, keptAt }: ListAnswer) => ({
  list: readList(StoredTimesheetSchema, data, "timesheet"),
  keptAt,
});
const selectCheckSheets = ({ data, keptAt }: ListAnswer) => ({
  list: readList(StoredCheckSheetSchema, data, "check sheet"),
  keptAt,
});

/** A list of the account's, kept on this device for the driver and read from there without signal. */
function accountListQuery(owner: string | null) {
  return ({ queryKey, signal }: { queryKey: readonly unknown[]; signal: AbortSignal }) => {
    const url = queryKey.map(String).join("/");
    return fetchKeepingOffline(owner, url, () => apiRequest<unknown>("GET", url, undefined, { signal }));
  };
}

export type AccountForms =
  | { status: "pending"; timesheets: []; checkSheets: [] }
  | { status: "error"; timesheets: []; checkSheets: [] }
  | {
      status: "success";
      timesheets: StoredTimesheet[];
      checkSheets: StoredCheckSheet[];
      /** Without signal, when the lists shown were kept on this device (the older of the two); else null. */
      keptAt: number | null;
    };

/**
 * Every timesheet and check sheet of the signed-in account, fetched together (spec section 7). The lists
 * count only when both arrive: with one missing, pairing would show half-sets, so on any failure both are
 * empty and the error is only logged, as the spec has it. Without signal, the lists kept on this device from
 * the driver's last visit are shown instead, with when they were kept.
 */
export function useAccountForms(): AccountForms {
  const owner = useOwner();
  const queryFn = accountListQuery(owner);
  const [timesheets, checkSheets] = useQueries({
    queries: [
      { queryKey: TIMESHEETS_KEY, queryFn, select: selectTimesheets },
      { queryKey: CHECK_SHEETS_KEY, queryFn, select: selectCheckSheets },
    ],
  });
  const error = timesheets.error ?? checkSheets.error;
  useEffect(() => {
    if (error) console.error("Could not load the account's forms", error);
  }, [error]);

  if (error) return { status: "error", timesheets: [], checkSheets: [] };
  if (timesheets.data && checkSheets.data) {
    const kept = [timesheets.data.keptAt, checkSheets.data.keptAt].filter((at) => at !== null);
    return {
      status: "success",
      timesheets: timesheets.data.list,
      checkSheets: checkSheets.data.list,
      keptAt: kept.length > 0 ? Math.min(...kept) : null,
    };
  }
  return { status: "pending", timesheets: [], checkSheets: [] };
}

/** After any change to the account's forms: the lists (and every screen built from them) load afresh. */
export async function refreshAccountForms(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TIMESHEETS_KEY }),
    queryClient.invalidateQueries({ queryKey: CHECK_SHEETS_KEY }),
    queryClient.invalidateQueries({ queryKey: ["/api/collations"] }),
  ]);
}
