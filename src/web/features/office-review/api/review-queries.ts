import { type InfiniteData, type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { CompletedFormResponse } from "../../../../domain/api/api";
import type { ReviewPage, ReviewRow, ReviewWeek } from "../../../../domain/company/office-review";
import type { Rating } from "../../../../domain/sets/rating";
import { apiRequest } from "../../../lib/api-client";
import { FRESH_LIST } from "../../../lib/query-client";
import {
  afterDecision,
  type ListedDecision,
  type ReviewFilters,
  reviewQuery,
} from "../../../rules/office-review-screen";

const reviewKey = (organisationId: string, filters: ReviewFilters) =>
  ["office-review", organisationId, filters] as const;

/** The company's weeks for review, a page at a time, newest week first, as the filters ask. */
export function useReviewList(organisationId: string, filters: ReviewFilters) {
  return useInfiniteQuery({
    queryKey: reviewKey(organisationId, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ReviewPage>(
        "GET",
        `/api/organisations/${encodeURIComponent(organisationId)}/review?${reviewQuery(filters, pageParam)}`,
        undefined,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
    // Drivers submit all week from their phones: each visit and each change of filters reads the list afresh,
    // and so does a return to the office's screen (FRESH_LIST).
    ...FRESH_LIST,
  });
}

/**
 * A decision on one week shown at once in every loaded list of the company, each as its own filters have it
 * (`afterDecision`), without reading them again.
 */
export function showDecision(
  queryClient: QueryClient,
  organisationId: string,
  timesheetId: string,
  decision: ListedDecision,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ["office-review", organisationId] })) {
    const [, , filters] = query.queryKey as ReturnType<typeof reviewKey>;
    queryClient.setQueryData<InfiniteData<ReviewPage, string | null>>(
      query.queryKey,
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: afterDecision(page.items, timesheetId, decision, filters.status),
          })),
        },
    );
  }
}

/**
 * A week as the list last read it: when the list is read again and the week has moved on (submitted again,
 * approved, returned, its hours changed), what is opened of it is read again too.
 */
export const listedVersion = (row: ReviewRow) =>
  [row.timesheetId, row.checkSheetIds, row.approvedAt, row.week, row.totalHours] as const;

/** After a bulk approval where some failed: the company's lists read again. */
export function refreshReviewList(queryClient: QueryClient, organisationId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ["office-review", organisationId] });
}

export type Form = Record<string, unknown>;

async function readForm(id: string, signal: AbortSignal): Promise<Form> {
  const answer = await apiRequest<CompletedFormResponse>(
    "GET",
    `/api/completed-forms/${encodeURIComponent(id)}`,
    undefined,
    { signal },
  );
  return answer.form as Form;
}

/** The timesheet and check sheets of a week, as the read-only view answers them to the company's office. */
export function useSetForms(row: ReviewRow) {
  return useQuery({
    queryKey: ["office-review-set", ...listedVersion(row)],
    queryFn: async ({ signal }) => ({
      timesheet: await readForm(row.timesheetId, signal),
      checkSheets: await Promise.all(row.checkSheetIds.map((id) => readForm(id, signal))),
    }),
    // A week sent back and submitted again has changed: opened again, it is read afresh.
    staleTime: 0,
  });
}

/** The week's forms and their history, as the office reads them. */
export function useReviewWeek(organisationId: string, row: ReviewRow) {
  return useQuery({
    queryKey: ["office-review-week", organisationId, ...listedVersion(row)],
    queryFn: ({ signal }) =>
      apiRequest<ReviewWeek>(
        "GET",
        `/api/organisations/${encodeURIComponent(organisationId)}/review/${encodeURIComponent(row.timesheetId)}/week`,
        undefined,
        { signal },
      ),
    staleTime: 0,
  });
}

const decisionPath = (organisationId: string, row: ReviewRow, action: "approve" | "send-back" | "reopen") =>
  `/api/organisations/${encodeURIComponent(organisationId)}/review/${encodeURIComponent(row.timesheetId)}/${action}`;

/** One decision on a week (or one of its forms, as `body` says). */
export function sendDecision(
  organisationId: string,
  row: ReviewRow,
  action: "approve" | "send-back" | "reopen",
  body: object,
): Promise<unknown> {
  return apiRequest("POST", decisionPath(organisationId, row, action), body);
}

/** One week of a bulk approval, with the one rating chosen for all and no notes. */
export function approveWeek(organisationId: string, row: ReviewRow, rating: Rating): Promise<unknown> {
  return apiRequest(
    "POST",
    `/api/organisations/${encodeURIComponent(organisationId)}/review/${encodeURIComponent(row.timesheetId)}/approve`,
    { rating, notes: "" },
  );
}
