import { type InfiniteData, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import type { ReviewPage, ReviewRow } from "../../../domain/office-review";
import { type ReviewFilters, reviewQuery } from "../../../domain/office-review-screen";
import { apiRequest } from "../../lib/api-client";
import { FRESH_LIST } from "../../lib/query-client";

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

/** Changes the rows of every loaded list of the company at once, after a decision, without reading them again. */
export function updateReviewRows(
  queryClient: QueryClient,
  organisationId: string,
  change: (rows: readonly ReviewRow[]) => ReviewRow[],
): void {
  queryClient.setQueriesData<InfiniteData<ReviewPage, string | null>>(
    { queryKey: ["office-review", organisationId] },
    (data) => data && { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) },
  );
}
