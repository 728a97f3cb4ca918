import CircleCheck from "lucide-react/icons/circle-check";
import ExternalLink from "lucide-react/icons/external-link";
import LockOpen from "lucide-react/icons/lock-open";
import RotateCw from "lucide-react/icons/rotate-cw";
import Undo2 from "lucide-react/icons/undo-2";
import { useId, useState } from "react";
import { Link } from "wouter";
import { MAX_SEND_BACK_REASON_LENGTH, type ReviewRow } from "../../../domain/company/office-review";
import type { DayHoursFields } from "../../../domain/hours/hours";
import { weekDays, weekDefects } from "../../../domain/hours/week-summary";
import type { Rating } from "../../../domain/sets/rating";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { LoadingScreen } from "../../components/loading-screen";
import { Problem } from "../../components/outcome";
import { Button, buttonClasses } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { TEXT_BOX_CLASSES } from "../../components/ui/with-classes";
import { WeekDetail } from "../../components/week-detail";
import { appPaths } from "../../lib/app-paths";
import { cn } from "../../lib/cn";
import { failureText } from "../../lib/failure-text";
import { useT, useTranslator } from "../../lib/i18n";
import { formatHoursIn, formatShortDateIn } from "../../lib/locale-format";
import { reasonLimitNote } from "../../rules/office-review-screen";
import { type Form, sendDecision, useSetForms } from "./api/review-queries";
import { RatingChoice } from "./rating-choice";
import { ApprovedState } from "./review-rows";
import { WeekStatePanel } from "./week-state-panel";

const text = (form: Form, key: string) => (typeof form[key] === "string" ? (form[key] as string) : "");

/** The `index`th day from Monday, short, as the reader's language writes it ("pon.", "lun."). */
function shortWeekday(locale: string, index: number): string {
  return new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(
    Date.UTC(2024, 0, 1 + index),
  );
}

/** Where the read-only record opens from the review, with its way back. */
export const reviewRecordPath = (id: string) => `${appPaths.completedForm(id)}?from=review`;

export interface Decision {
  kind: "approved" | "sent-back" | "reopened";
  row: ReviewRow;
  at: string;
  formId?: string;
}

/**
 * One week opened: its days and hours, its defects, links to the read-only records (what the PDF shows), and the
 * office's decision: approve with a rating and notes, or send back with a reason, the whole set or one form.
 */
export function SetReview({
  row,
  organisationId,
  canReopen,
  onDecided,
}: {
  row: ReviewRow;
  organisationId: string;
  /** An admin may unlock an approved week, with a reason. */
  canReopen: boolean;
  onDecided: (decision: Decision) => void;
}) {
  const { t, locale } = useTranslator();
  const forms = useSetForms(row);
  return (
    <div className="grid gap-4">
      <div>
        <h2 className="text-xl font-bold break-words">{row.driverName || t("review.unnamedDriver")}</h2>
        <p className="text-slate-700 dark:text-slate-300">
          {row.plantNumber || "—"} ·{" "}
          {t("review.weekEndingDate", { date: formatShortDateIn(locale, row.weekEnding) || "—" })}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {[row.customer, row.site].filter(Boolean).join(" · ") || "—"}
        </p>
        <p className="mt-1 text-sm">
          <span className="font-semibold">
            {t("review.hoursTotal", { hours: formatHoursIn(locale, row.totalHours) })}
          </span>
          {" · "}
          <span className={row.defects > 0 ? "font-bold text-red-700 dark:text-red-300" : undefined}>
            {t("review.defectCount", { count: row.defects })}
          </span>
          {" · "}
          <ApprovedState approvedAt={row.approvedAt} />
        </p>
      </div>
      {forms.isPending ? (
        <LoadingScreen label={t("review.loadingForms")} />
      ) : forms.isError ? (
        <div className="grid gap-2">
          <Problem text={t("review.setLoadFailed", { detail: failureText(forms.error) })} />
          <Button variant="outline" onClick={() => void forms.refetch()}>
            <RotateCw aria-hidden="true" className="size-4" />
            {t("auth.tryAgain")}
          </Button>
        </div>
      ) : (
        <>
          <h3 className="text-lg font-bold">{t("review.theWeek")}</h3>
          <WeekDetail
            days={weekDays(forms.data.timesheet as DayHoursFields).map((day, index) =>
              // Monday to Sunday in the reader's short words; English keeps the spec's "Mon".
              locale === "en-GB" ? day : { ...day, label: shortWeekday(locale, index) },
            )}
            defects={weekDefects(
              forms.data.checkSheets.map((sheet) => ({
                ...sheet,
                id: text(sheet, "id"),
                checkDate: text(sheet, "checkDate"),
                defectsNotes: text(sheet, "defectsNotes"),
              })),
            )}
          />
          <nav aria-label={t("review.weekForms")} className="grid gap-2">
            <Link
              href={reviewRecordPath(row.timesheetId)}
              className={cn(buttonClasses("outline"), "justify-start")}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              {t("review.openTimesheet")}
            </Link>
            {forms.data.checkSheets.map((sheet) => (
              <Link
                key={text(sheet, "id")}
                href={reviewRecordPath(text(sheet, "id"))}
                className={cn(buttonClasses("outline"), "justify-start")}
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                {t("review.openCheckSheet", { date: formatShortDateIn(locale, text(sheet, "checkDate")) })}
              </Link>
            ))}
            {row.offHire ? (
              <Link
                href={reviewRecordPath(row.offHire.id)}
                className={cn(buttonClasses("outline"), "justify-start")}
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                {t("review.openOffHireNote", { date: formatShortDateIn(locale, row.offHire.date) })}
              </Link>
            ) : null}
          </nav>
        </>
      )}
      <WeekStatePanel organisationId={organisationId} row={row} />
      {row.approvedAt ? (
        canReopen ? (
          <ReopenForm
            row={row}
            organisationId={organisationId}
            checkSheets={forms.data?.checkSheets ?? []}
            onDecided={onDecided}
          />
        ) : null
      ) : (
        <>
          <ApproveForm row={row} organisationId={organisationId} onDecided={onDecided} />
          <SendBackForm
            row={row}
            organisationId={organisationId}
            checkSheets={forms.data?.checkSheets ?? []}
            onDecided={onDecided}
          />
        </>
      )}
    </div>
  );
}

/**
 * One decision sent to the server: busy while it runs, then the list told at once; a refusal is said in words and
 * what was typed stays, to try again.
 */
function useDecision(organisationId: string, row: ReviewRow, onDecided: (decision: Decision) => void) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (
    action: "approve" | "send-back" | "reopen",
    body: object,
    decision: Pick<Decision, "kind" | "formId">,
    failed: MessageKey,
  ) => {
    setBusy(true);
    try {
      await sendDecision(organisationId, row, action, body);
      setProblem(null);
      onDecided({ ...decision, row, at: new Date().toISOString() });
    } catch (error) {
      setProblem(t(failed, { detail: failureText(error) }));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, send, t };
}

function ApproveForm({
  row,
  organisationId,
  onDecided,
}: {
  row: ReviewRow;
  organisationId: string;
  onDecided: (decision: Decision) => void;
}) {
  const id = useId();
  const [rating, setRating] = useState<Rating | null>(null);
  const [notes, setNotes] = useState("");
  const { busy, problem, setProblem, send, t } = useDecision(organisationId, row, onDecided);
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!rating) {
          setProblem(t("review.ratingRequired"));
          return;
        }
        await send("approve", { rating, notes }, { kind: "approved" }, "review.approveFailed");
      }}
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t("review.approve")}
      </h3>
      <RatingChoice value={rating} onChange={setRating} invalid={problem !== null && rating === null} />
      <div>
        <Label htmlFor={`${id}-notes`}>{t("review.notesOptional")}</Label>
        <Textarea
          id={`${id}-notes`}
          rows={2}
          maxLength={5000}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
      </div>
      {problem ? <Problem text={problem} /> : null}
      <Button type="submit" disabled={busy}>
        <CircleCheck aria-hidden="true" className="size-4" />
        {busy ? t("review.approving") : t("review.approveWeek")}
      </Button>
    </form>
  );
}

function SendBackForm({
  row,
  organisationId,
  checkSheets,
  onDecided,
}: {
  row: ReviewRow;
  organisationId: string;
  checkSheets: readonly Form[];
  onDecided: (decision: Decision) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [formId, setFormId] = useState("");
  const { busy, problem, setProblem, send, t } = useDecision(organisationId, row, onDecided);
  const tooLong = reason.length > MAX_SEND_BACK_REASON_LENGTH;
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setProblem(t("review.reasonRequired"));
          return;
        }
        if (tooLong) return;
        await send(
          "send-back",
          { reason, ...(formId ? { formId } : {}) },
          { kind: "sent-back", formId: formId || undefined },
          "review.sendBackFailed",
        );
      }}
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t("review.sendBack")}
      </h3>
      <WhichForm row={row} checkSheets={checkSheets} formId={formId} onChange={setFormId} />
      <ReasonField
        label={t("review.reasonForDriver")}
        reason={reason}
        onChange={setReason}
        missing={problem !== null && !reason.trim()}
      />
      {problem ? <Problem text={problem} /> : null}
      <Button type="submit" variant="outline" disabled={busy || tooLong}>
        <Undo2 aria-hidden="true" className="size-4" />
        {busy ? t("review.sendingBack") : t("review.sendBackToDriver")}
      </Button>
    </form>
  );
}

/** The form a decision returns to the driver: one of the week's, or all of them (""). */
function WhichForm({
  row,
  checkSheets,
  formId,
  onChange,
}: {
  row: ReviewRow;
  checkSheets: readonly Form[];
  formId: string;
  onChange: (formId: string) => void;
}) {
  const id = useId();
  const { t, locale } = useTranslator();
  return (
    <div>
      <Label htmlFor={id}>{t("review.whichForm")}</Label>
      <select
        id={id}
        value={formId}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={cn(...TEXT_BOX_CLASSES, "min-h-12")}
      >
        <option value="">{t("review.wholeWeek")}</option>
        <option value={row.timesheetId}>{t("review.theTimesheet")}</option>
        {checkSheets.map((sheet) => (
          <option key={text(sheet, "id")} value={text(sheet, "id")}>
            {t("review.checkSheetOf", { date: formatShortDateIn(locale, text(sheet, "checkDate")) })}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * An admin reopens an approved week, the whole of it or the one form that needs changing: the reason is kept,
 * with who and when, and printed on its next PDF.
 */
function ReopenForm({
  row,
  organisationId,
  checkSheets,
  onDecided,
}: {
  row: ReviewRow;
  organisationId: string;
  checkSheets: readonly Form[];
  onDecided: (decision: Decision) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [formId, setFormId] = useState("");
  const { busy, problem, setProblem, send, t } = useDecision(organisationId, row, onDecided);
  const tooLong = reason.length > MAX_SEND_BACK_REASON_LENGTH;
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setProblem(t("review.reopenReasonRequired"));
          return;
        }
        if (tooLong) return;
        await send(
          "reopen",
          { reason, ...(formId ? { formId } : {}) },
          { kind: "reopened", formId: formId || undefined },
          "review.reopenFailed",
        );
      }}
    >
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {t("review.reopen")}
      </h3>
      <WhichForm row={row} checkSheets={checkSheets} formId={formId} onChange={setFormId} />
      <ReasonField
        label={t("review.reasonForReopening")}
        reason={reason}
        onChange={setReason}
        missing={problem !== null && !reason.trim()}
      />
      {problem ? <Problem text={problem} /> : null}
      <Button type="submit" variant="outline" disabled={busy || tooLong}>
        <LockOpen aria-hidden="true" className="size-4" />
        {busy ? t("review.reopening") : t("review.reopenWeek")}
      </Button>
    </form>
  );
}

/** A reason of at most 500 characters, the limit said as it nears (and in red past it). */
function ReasonField({
  label,
  reason,
  onChange,
  missing,
}: {
  label: string;
  reason: string;
  onChange: (reason: string) => void;
  /** Asked for and not given. */
  missing: boolean;
}) {
  const id = useId();
  const t = useT();
  const note = reasonLimitNote(reason.length, undefined, t);
  const tooLong = reason.length > MAX_SEND_BACK_REASON_LENGTH;
  return (
    <div>
      <Label htmlFor={`${id}-reason`}>{label}</Label>
      <Textarea
        id={`${id}-reason`}
        rows={3}
        required
        aria-invalid={missing || tooLong}
        aria-describedby={note ? `${id}-limit` : undefined}
        value={reason}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {note ? (
        <p
          id={`${id}-limit`}
          aria-live="polite"
          className={cn(
            "mt-1 text-sm",
            tooLong ? "font-semibold text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-300",
          )}
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}
