import CircleCheck from "lucide-react/icons/circle-check";
import { useState } from "react";
import type { ReviewRow } from "../../../domain/company/office-review";
import type { Rating } from "../../../domain/sets/rating";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Problem } from "../../components/outcome";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { approveWeek } from "./api/review-queries";
import { RatingChoice } from "./rating-choice";
import { useNameOf } from "./review-rows";

export interface BulkResult {
  approved: ReviewRow[];
  failures: Array<{ row: ReviewRow; text: string }>;
}

/**
 * Approving the chosen weeks at once: one rating for all, one question naming how many, then each week in turn
 * with the progress said, and each one that failed named with the server's words (one approved meanwhile: 409).
 */
export function BulkApprove({
  organisationId,
  rows,
  onApproved,
  onClear,
  onFinished,
}: {
  organisationId: string;
  rows: readonly ReviewRow[];
  onApproved: (row: ReviewRow, at: string) => void;
  onClear: () => void;
  /** Once every chosen week has been tried: how many failed. */
  onFinished: (failures: number) => void;
}) {
  const t = useT();
  const nameOf = useNameOf();
  const [rating, setRating] = useState<Rating | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  // How many the running approval started with: the selection shrinks as each week is approved.
  const [total, setTotal] = useState(0);
  const count = progress === null ? rows.length : total;

  async function approveAll(chosen: readonly ReviewRow[], with_: Rating) {
    const outcome: BulkResult = { approved: [], failures: [] };
    setTotal(chosen.length);
    for (const [index, row] of chosen.entries()) {
      setProgress(index + 1);
      try {
        await approveWeek(organisationId, row, with_);
        outcome.approved.push(row);
        onApproved(row, new Date().toISOString());
      } catch (error) {
        outcome.failures.push({ row, text: failureText(error) });
      }
    }
    setProgress(null);
    setResult(outcome);
    onFinished(outcome.failures.length);
  }

  return (
    <section aria-label={t("review.bulkApproval")} className="grid gap-3">
      {count > 0 && progress === null ? (
        <Card className="grid gap-3 border-amber-300 p-4 dark:border-amber-700">
          <p className="font-semibold">{t("review.selectedCount", { count })}</p>
          <RatingChoice
            legend={t("review.bulkRating")}
            value={rating}
            onChange={(value) => {
              setRating(value);
              setProblem(null);
            }}
            invalid={problem !== null}
          />
          {problem ? <Problem text={problem} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={progress !== null}
              onClick={() => {
                if (!rating) {
                  setProblem(t("review.ratingRequired"));
                  return;
                }
                setResult(null);
                setAsking(true);
              }}
            >
              <CircleCheck aria-hidden="true" className="size-4" />
              {t("review.approveCount", { count })}
            </Button>
            <Button variant="outline" disabled={progress !== null} onClick={onClear}>
              {t("review.clearSelection")}
            </Button>
          </div>
        </Card>
      ) : null}
      {result ? (
        <div className="grid gap-2">
          <p
            role="status"
            className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
          >
            {t("review.bulkResult", {
              approved: result.approved.length,
              failed: result.failures.length,
              anyFailed: result.failures.length > 0 ? "yes" : "no",
            })}
          </p>
          {result.failures.length > 0 ? (
            <ul aria-label={t("review.weeksNotApproved")} className="grid gap-2">
              {result.failures.map((failure) => (
                <li key={failure.row.timesheetId}>
                  <Problem text={`${nameOf(failure.row)}: ${failure.text}`} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("review.approveCountQuestion", { count })}
        description={
          progress === null ? (
            t("review.bulkConfirm", { count })
          ) : (
            <span role="status" className="font-semibold">
              {t("review.bulkProgress", { done: progress, count })}
            </span>
          )
        }
        confirmLabel={t("review.approveN", { count })}
        busyLabel={t("review.approving")}
        onConfirm={async () => {
          if (rating) await approveAll([...rows], rating);
        }}
      />
    </section>
  );
}
