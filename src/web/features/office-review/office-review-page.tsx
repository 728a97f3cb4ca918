import { useQueryClient } from "@tanstack/react-query";
import Inbox from "lucide-react/icons/inbox";
import RotateCw from "lucide-react/icons/rotate-cw";
import { useMemo, useState } from "react";
import type { ReviewRow } from "../../../domain/company/office-review";
import { may } from "../../../domain/company/organisation";
import { LoadingScreen } from "../../components/loading-screen";
import { done, type Outcome, OutcomeNote, Problem } from "../../components/outcome";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { useMyOrganisation } from "../../lib/use-my-organisation";
import { useWideScreen } from "../../lib/use-wide-screen";
import { LastRefreshedNote } from "../../offline/kept-copy-note";
import { hasReviewFilters, NO_REVIEW_FILTERS, type ReviewFilters } from "../../rules/office-review-screen";
import { refreshReviewList, showDecision, useReviewList } from "./api/review-queries";
import { BulkApprove } from "./bulk-approve";
import { ReviewFiltersForm } from "./review-filters";
import { ReviewCards, ReviewTable, useNameOf } from "./review-rows";
import { type Decision, SetReview } from "./set-review";

/** The filters last applied, per company: a record opened from the review and left again finds them as they were. */
const lastFilters = new Map<string, ReviewFilters>();

const sameFilters = (a: ReviewFilters, b: ReviewFilters) =>
  (Object.keys(a) as (keyof ReviewFilters)[]).every((key) => a[key] === b[key]);

/**
 * Office review (decision record 029): the company's submitted weeks for its supervisors and admins, filtered,
 * a table beside the opened week on an office screen and cards on a phone; each week approved with a rating or
 * sent back with a reason, and many approved at once.
 */
export function OfficeReviewPage() {
  const t = useT();
  const mine = useMyOrganisation();
  let body: React.ReactNode;
  if (mine.isPending) body = <LoadingScreen label={t("company.loading")} />;
  // A read that fails after one that worked leaves the review open, and a reason being typed in it.
  else if (mine.isError && mine.data === undefined) {
    body = (
      <Card className="grid gap-3">
        <Problem text={t("company.loadFailed", { detail: failureText(mine.error) })} />
        <Button variant="outline" onClick={() => void mine.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t("auth.tryAgain")}
        </Button>
      </Card>
    );
  } else {
    const organisation = mine.data?.organisation;
    body =
      organisation && may(organisation.role, "approve") ? (
        <Review organisationId={organisation.id} canReopen={may(organisation.role, "reopen")} />
      ) : (
        <Card>
          <p>{t("review.onlySupervisors")}</p>
        </Card>
      );
  }
  return (
    <ScreenLayout
      title={t("review.title")}
      back={{ href: appPaths.home("company"), label: t("company.backToCompany") }}
      wide
    >
      {body}
    </ScreenLayout>
  );
}

function Review({ organisationId, canReopen }: { organisationId: string; canReopen: boolean }) {
  const t = useT();
  const nameOf = useNameOf();
  const queryClient = useQueryClient();
  const wide = useWideScreen();
  const [filters, setFilters] = useState<ReviewFilters>(
    () => lastFilters.get(organisationId) ?? NO_REVIEW_FILTERS,
  );
  const list = useReviewList(organisationId, filters);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const [chosenRow, setChosenRow] = useState<ReviewRow | null>(null);
  const chosenId = chosenRow?.timesheetId ?? null;
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The week as the list has it now; one that left the list when it was read again stays open as it was, so
  // a reason being typed is never lost to a refresh.
  const chosen = chosenRow && (rows.find((row) => row.timesheetId === chosenRow.timesheetId) ?? chosenRow);
  const selected = rows.filter((row) => selectedIds.has(row.timesheetId) && row.approvedAt === null);

  const select = (row: ReviewRow, on: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (on) next.add(row.timesheetId);
      else next.delete(row.timesheetId);
      return next;
    });

  function decided(decision: Decision) {
    const { row } = decision;
    showDecision(
      queryClient,
      organisationId,
      row.timesheetId,
      decision.kind === "approved"
        ? { kind: "approved", at: decision.at }
        : { kind: decision.kind, formId: decision.formId },
    );
    if (decision.kind === "approved") setOutcome(done(t("review.approved", { set: nameOf(row) })));
    else if (decision.kind === "reopened") setOutcome(done(t("review.reopened", { set: nameOf(row) })));
    else {
      if (decision.formId === undefined || decision.formId === row.timesheetId) setChosenRow(null);
      setOutcome(done(t("review.sentBack", { set: nameOf(row) })));
    }
    select(row, false);
    // On a phone the week's dialog closes, so what came of the decision is seen above the list.
    if (!wide) setChosenRow(null);
  }

  const detail = chosen ? (
    <SetReview
      key={chosen.timesheetId}
      row={chosen}
      organisationId={organisationId}
      canReopen={canReopen}
      onDecided={decided}
    />
  ) : null;
  const rowsProps = {
    rows,
    chosenId,
    selected: selectedIds,
    onOpen: (row: ReviewRow) => {
      setChosenRow(row);
      setOutcome(null);
    },
    onSelect: select,
    onSelectAll: (on: boolean) =>
      setSelectedIds(
        on ? new Set(rows.filter((row) => row.approvedAt === null).map((row) => row.timesheetId)) : new Set(),
      ),
  };

  let listBody: React.ReactNode;
  if (list.isPending) listBody = <LoadingScreen label={t("review.loadingWeeks")} />;
  else if (list.isError && rows.length === 0) {
    listBody = (
      <Card className="grid gap-3">
        <Problem text={t("review.loadFailed", { detail: failureText(list.error) })} />
        <Button variant="outline" onClick={() => void list.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t("auth.tryAgain")}
        </Button>
      </Card>
    );
  } else if (rows.length === 0) {
    listBody = (
      <Card className="flex flex-wrap items-start gap-3">
        <Inbox aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-slate-600 dark:text-slate-400" />
        <p className="min-w-0 flex-1">
          {hasReviewFilters(filters) ? t("review.nothingMatches") : t("review.nothingSubmitted")}
        </p>
        <Button variant="outline" disabled={list.isFetching} onClick={() => void list.refetch()}>
          <RotateCw aria-hidden="true" className="size-4" />
          {list.isFetching ? t("review.refreshing") : t("review.refresh")}
        </Button>
      </Card>
    );
  } else {
    listBody = (
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p aria-live="polite" className="text-slate-700 dark:text-slate-300">
            {t("review.weeksShown", { count: rows.length, more: list.hasNextPage ? "yes" : "no" })}
          </p>
          <Button variant="outline" disabled={list.isFetching} onClick={() => void list.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            {list.isRefetching && !list.isFetchingNextPage ? t("review.refreshing") : t("review.refresh")}
          </Button>
        </div>
        {wide ? <ReviewTable {...rowsProps} /> : <ReviewCards {...rowsProps} />}
        {list.isFetchNextPageError ? (
          <Problem text={t("review.moreFailed", { detail: failureText(list.error) })} />
        ) : null}
        {list.hasNextPage ? (
          <Button
            variant="outline"
            size="lg"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage
              ? t("common.loading")
              : list.isFetchNextPageError
                ? t("review.loadMoreAgain")
                : t("review.loadMore")}
          </Button>
        ) : null}
      </div>
    );
  }

  const listColumn = (
    <div>
      <LastRefreshedNote refreshedAt={list.data ? list.dataUpdatedAt : null} className="mb-3" />
      {listBody}
    </div>
  );

  return (
    <div className="grid gap-4">
      <ReviewFiltersForm
        foldable={!wide}
        applied={filters}
        onApply={(next) => {
          lastFilters.set(organisationId, next);
          // The same filters again read the list again: drivers may have submitted meanwhile.
          if (sameFilters(next, filters)) void list.refetch();
          setFilters(next);
          setChosenRow(null);
          setSelectedIds(new Set());
        }}
      />
      <OutcomeNote outcome={outcome} />
      <BulkApprove
        organisationId={organisationId}
        rows={selected}
        onApproved={(row, at) => {
          showDecision(queryClient, organisationId, row.timesheetId, { kind: "approved", at });
          select(row, false);
        }}
        onClear={() => setSelectedIds(new Set())}
        onFinished={(failures) => {
          // A week another supervisor approved meanwhile (409) shows as approved once the list is read again.
          if (failures > 0) void refreshReviewList(queryClient, organisationId);
        }}
      />
      {wide ? (
        <div className="grid grid-cols-[minmax(0,1fr)_24rem] items-start gap-4">
          {listColumn}
          <Card role="region" aria-label={t("review.openedWeek")} className="sticky top-20">
            {detail ?? <p className="text-slate-700 dark:text-slate-300">{t("review.openAWeek")}</p>}
          </Card>
        </div>
      ) : (
        <>
          {listColumn}
          <Dialog open={chosen !== null} onOpenChange={(open) => !open && setChosenRow(null)}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{t("review.weekForReview")}</DialogTitle>
                <DialogDescription className="sr-only">{chosen ? nameOf(chosen) : ""}</DialogDescription>
              </DialogHeader>
              {detail}
            </DialogContent>
          </Dialog>
        </>
      )}
    </div>
  );
}
