import { useQueryClient } from "@tanstack/react-query";
import BadgeCheck from "lucide-react/icons/badge-check";
import CheckCircle2 from "lucide-react/icons/circle-check";
import FileX2 from "lucide-react/icons/file-x-corner";
import Info from "lucide-react/icons/info";
import LoaderCircle from "lucide-react/icons/loader-circle";
import Mail from "lucide-react/icons/mail";
import { useId, useMemo, useState } from "react";
import { useLocation, useSearchParams } from "wouter";
import { SupervisorEmailDispatchRequestSchema } from "../../../domain/api/api";
import {
  checkValueLabel,
  checkValueOf,
  reportableDefectsNotes,
  summaryCheckItems,
} from "../../../domain/checks/check-items";
import { checkItemLabel, checkTemplateOf } from "../../../domain/forms/check-templates";
import { MAX_NOTES_LENGTH } from "../../../domain/forms/constants";
import { photoCountLabel, photoUrlsOf } from "../../../domain/forms/photos";
import { dayNetHours, weekdayTotal } from "../../../domain/hours/hours";
import { combinedStatus } from "../../../domain/sets/combined-status";
import { approvalDispatchProblem } from "../../../domain/sets/dispatch";
import { packRecipients } from "../../../domain/sets/pack-recipients";
import { pairForms } from "../../../domain/sets/pairing";
import type { Rating } from "../../../domain/sets/rating";
import { cardLabel, trafficLight } from "../../../domain/sets/traffic-light";
import { distinctEmails } from "../../../domain/text/client-email";
import { dayLabel, WEEKDAYS } from "../../../domain/time/days";
import { CardSection } from "../../components/card-section";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LabelledValue } from "../../components/labelled-value";
import { LoadingScreen } from "../../components/loading-screen";
import { RatingPicker } from "../../components/rating-picker";
import { RecipientInput } from "../../components/recipient-input";
import { ScreenLayout } from "../../components/screen-layout";
import { SignerBlock } from "../../components/signer-block";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { appPaths } from "../../lib/app-paths";
import { useT, useTranslator } from "../../lib/i18n";
import { formatHoursIn, formatShortDateIn } from "../../lib/locale-format";
import { catalogWords } from "../../lib/server-words";
import { useSession } from "../../lib/session-store";
import { refreshAccountForms, useAccountForms } from "../../lib/use-account-forms";
import { useCurrentDriver } from "../../lib/use-current-driver";
import { useWideScreen } from "../../lib/use-wide-screen";
import { dispatchCombinedApproval, dispatchFailure, type SupervisorSet } from "./api/supervisor-actions";
import { PackRecipients } from "./recipient-list";
import { SupervisorLoginRequired } from "./supervisor-login-required";
import { TrafficLightBadge } from "./traffic-light-badge";

function TimesheetSummary({ set }: { set: SupervisorSet }) {
  const { locale, t } = useTranslator();
  const { timesheet } = set;
  return (
    <CardSection level={3} title={t("approval.timesheetSummary")}>
      <p>
        <span className="font-medium">{`${t("history.weekEndingLabel")}: `}</span>
        {formatShortDateIn(locale, timesheet.weekEnding) || "—"}
      </p>
      <table className="w-full text-start">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-700">
            <th scope="col" className="py-2">
              {t("pdf.column.day")}
            </th>
            <th scope="col" className="py-2 text-end">
              {t("week.netHours")}
            </th>
          </tr>
        </thead>
        <tbody>
          {WEEKDAYS.map((day) => (
            <tr key={day} className="border-b border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-2 font-medium">
                {dayLabel(day, t)}
              </th>
              <td className="py-2 text-end">{formatHoursIn(locale, dayNetHours(timesheet, day))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-2">
              {t("approval.totalWeekdays")}
            </th>
            <td className="py-2 text-end text-lg font-bold">
              {formatHoursIn(locale, weekdayTotal(timesheet))}
            </td>
          </tr>
        </tfoot>
      </table>
    </CardSection>
  );
}

function CheckSheetSummary({ sheet }: { sheet: SupervisorSet["checkSheets"][number] }) {
  const { locale, t } = useTranslator();
  const notes = reportableDefectsNotes(sheet.defectsNotes);
  return (
    <CardSection
      level={3}
      title={t("approval.checkSheetSummary", { date: formatShortDateIn(locale, sheet.checkDate) })}
    >
      <ul className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
        {summaryCheckItems(checkTemplateOf(sheet)).map(({ item, label }) => {
          const value = checkValueOf(sheet, item);
          return (
            <li
              key={item.field}
              className="flex flex-wrap justify-between gap-x-2 rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800"
            >
              {/* The summary's own short English names; another language names each item in full. */}
              <span>{locale === "en-GB" ? label : checkItemLabel(item, t)}</span>
              <span
                className={value === false ? "font-bold text-red-700 dark:text-red-300" : "font-semibold"}
              >
                {checkValueLabel(value, "pass-issue", t)}
              </span>
            </li>
          );
        })}
      </ul>
      {notes ? (
        <p>
          <span className="font-medium">{`${t("approval.defectsNotes")}: `}</span>
          {notes}
        </p>
      ) : null}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {photoCountLabel(photoUrlsOf(sheet).length, t)}
      </p>
    </CardSection>
  );
}

/** The addresses the driver already typed on the set's forms, each once, for the 'From Driver' list. */
function driverEmails(set: SupervisorSet): string[] {
  return distinctEmails([
    ...set.timesheet.submissionEmails,
    ...set.checkSheets.flatMap((sheet) => sheet.submissionEmails),
  ]);
}

/** The client's and foreman's sign-off, the rating and the addresses; then one tap approves and emails. */
function Approval({ set, formsBeside }: { set: SupervisorSet; formsBeside: boolean }) {
  const queryClient = useQueryClient();
  const t = useT();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState("review");
  const [clientName, setClientName] = useState("");
  const [clientSignature, setClientSignature] = useState("");
  const [foremanName, setForemanName] = useState("");
  const [foremanSignature, setForemanSignature] = useState("");
  const [rating, setRating] = useState<Rating | null>(null);
  const [notes, setNotes] = useState("");
  const [emails, setEmails] = useState(() => driverEmails(set));
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const accountEmail = useCurrentDriver().data?.email;
  const everyone = packRecipients(emails, accountEmail);
  const ids = { notes: useId(), status: useId() };

  const signedOff =
    clientName.trim() !== "" &&
    clientSignature !== "" &&
    foremanName.trim() !== "" &&
    foremanSignature !== "";
  const missing = approvalDispatchProblem({
    clientSignature,
    clientName,
    foremanSignature,
    foremanName,
    rating,
    emails,
  });
  const problem = missing && t(missing.key, missing.params);

  const send = async () => {
    if (problem !== null || rating === null) {
      toast({ title: problem ?? t("approval.ratingRequired"), variant: "destructive" });
      return;
    }
    const now = new Date().toISOString();
    const approval = {
      clientSignature,
      clientName: clientName.trim(),
      foremanSignature,
      foremanName: foremanName.trim(),
    };
    const parsed = SupervisorEmailDispatchRequestSchema.safeParse({
      combinedFormData: { ...set, ...approval },
      emailAddresses: emails,
      supervisorApproval: { ...approval, approvedAt: now, supervisorNotes: notes },
      supervisorRating: { rating, notes, supervisorNotes: notes, ratedAt: now },
    });
    if (!parsed.success) {
      toast({
        title: t("supervisor.dispatchFailed", {
          reason: parsed.error.issues[0]?.message ?? t("approval.invalidRequest"),
        }),
        variant: "destructive",
      });
      return;
    }
    setSending(true);
    try {
      const answer = await dispatchCombinedApproval(parsed.data);
      // The server's line in the reader's words; from an older server (no key), the same said here.
      toast({
        title:
          catalogWords(answer?.key, answer?.params) ??
          t("approval.approvedAndEmailed", { addresses: everyone.join(", ") }),
        variant: "success",
      });
      await refreshAccountForms(queryClient);
      navigate(appPaths.home("supervisor"));
    } catch (error) {
      toast({ title: dispatchFailure(error, t), variant: "destructive" });
      setSending(false);
    }
  };

  const review = (
    <>
      <SignerBlock
        title={t("approval.clientSignatureTitle")}
        nameLabel={t("approval.clientName")}
        namePlaceholder={t("approval.clientPlaceholder")}
        name={clientName}
        onNameChange={setClientName}
        signature={clientSignature}
        onSignatureChange={setClientSignature}
        prompt={t("signatureStep.clientRequired")}
      />
      <SignerBlock
        title={t("approval.foremanSignatureTitle")}
        nameLabel={t("approval.foremanName")}
        namePlaceholder={t("approval.foremanPlaceholder")}
        name={foremanName}
        onNameChange={setForemanName}
        signature={foremanSignature}
        onSignatureChange={setForemanSignature}
        prompt={t("approval.foremanRequired")}
      />
      {signedOff ? (
        <>
          <RatingPicker value={rating} onChange={setRating} />
          <Card className="space-y-2">
            <Label htmlFor={ids.notes}>{t("approval.notes")}</Label>
            <Textarea
              id={ids.notes}
              value={notes}
              maxLength={MAX_NOTES_LENGTH}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
          </Card>
        </>
      ) : null}
      <Card role="region" aria-label={t("approval.clientEmails")} className="space-y-3">
        <h3 className="flex items-center gap-2 text-lg font-bold">
          <Mail aria-hidden="true" className="size-5" />
          {t("approval.clientEmails")}
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold dark:bg-slate-800">
            {t("approval.fromDriver")}
          </span>
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("approval.clientEmailsText")}</p>
        <RecipientInput emails={emails} onChange={setEmails} />
      </Card>
    </>
  );

  return (
    <>
      {formsBeside ? (
        <div className="space-y-4">{review}</div>
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={t("approval.tabs")}>
            <TabsTrigger value="review">{t("supervisor.reviewSet")}</TabsTrigger>
            <TabsTrigger value="forms">{t("supervisor.forms")}</TabsTrigger>
          </TabsList>
          <TabsContent value="review" className="space-y-4">
            {review}
          </TabsContent>
          <TabsContent value="forms" className="space-y-4">
            <SetForms set={set} />
          </TabsContent>
        </Tabs>
      )}

      <Card className="mt-4 space-y-3">
        <div id={ids.status} role="status" aria-live="polite">
          {problem ? (
            <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-400/10 dark:text-amber-100">
              <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {problem}
            </p>
          ) : (
            <p className="flex items-start gap-2 font-medium text-emerald-800 dark:text-emerald-300">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              {t("approval.ready")}
            </p>
          )}
        </div>
        <Button
          size="lg"
          className="w-full"
          disabled={problem !== null || sending}
          aria-describedby={ids.status}
          onClick={() => setConfirming(true)}
        >
          {sending ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Mail aria-hidden="true" className="size-5" />
          )}
          {sending ? t("approval.sendingEmails") : t("approval.emailAndComplete")}
        </Button>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("supervisor.confirmSendTitle")}
        description={
          <PackRecipients
            sentence={t("supervisor.confirmDispatch", { count: everyone.length })}
            addresses={everyone}
          />
        }
        confirmLabel={t("approval.emailAndComplete")}
        busyLabel={t("approval.sendingEmails")}
        onConfirm={send}
      />
    </>
  );
}

/** The week's forms as the supervisor checks them: the timesheet's days, then each check sheet. */
function SetForms({ set }: { set: SupervisorSet }) {
  return (
    <>
      <TimesheetSummary set={set} />
      {set.checkSheets.map((sheet) => (
        <CheckSheetSummary key={sheet.id} sheet={sheet} />
      ))}
    </>
  );
}

function Dashboard({ set }: { set: SupervisorSet }) {
  const t = useT();
  const status = combinedStatus(set);
  const open = status === null || status === "approved";
  // An office screen shows the forms beside the sign-off instead of behind a tab.
  const wide = useWideScreen();
  const { timesheet } = set;
  // One tree at any width, so signatures being collected survive the window crossing 1024 px.
  return (
    <div className={wide ? "grid grid-cols-2 items-start gap-6" : undefined}>
      <div className="space-y-4">
        <h2 className="sr-only">
          {t("approval.setOf", {
            known: set.driverName ? "yes" : "no",
            driver: set.driverName,
            plant: set.plantNumber,
          })}
        </h2>
        {open ? (
          <p className="inline-flex items-center gap-2 rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100">
            <BadgeCheck aria-hidden="true" className="size-4" />
            {t("approval.readyForDispatch")}
          </p>
        ) : (
          <TrafficLightBadge light={trafficLight(set)} label={cardLabel(set, t)} />
        )}
        <Card role="region" aria-label={t("approval.setSummary")}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <LabelledValue label={t("field.driverSignedName.short")} value={set.driverName} />
            <LabelledValue label={t("approval.plantNumber")} value={set.plantNumber} />
            <LabelledValue label={t("field.company.short")} value={timesheet.company} />
            <LabelledValue label={t("field.machineNumber.short")} value={timesheet.machineNumber} />
            <LabelledValue label={t("history.site")} value={timesheet.siteLocation} />
            <LabelledValue label={t("field.clientSignedName.short")} value={timesheet.clientCompany} />
          </dl>
        </Card>
        {open ? <Approval set={set} formsBeside={wide} /> : null}
        {open || wide ? null : <SetForms set={set} />}
      </div>
      {wide ? (
        <div className="space-y-4">
          <h2 className="sr-only">{t("supervisor.forms")}</h2>
          <SetForms set={set} />
        </div>
      ) : null}
    </div>
  );
}

function FindSet({ combinedId }: { combinedId: string }) {
  const t = useT();
  const forms = useAccountForms();
  const set = useMemo(
    () => pairForms(forms.timesheets, forms.checkSheets).combined.find((s) => s.id === combinedId),
    [forms.timesheets, forms.checkSheets, combinedId],
  );
  if (forms.status === "pending") return <LoadingScreen label={t("approval.loading")} />;
  if (!set) {
    return (
      <Card className="text-center">
        <FileX2 aria-hidden="true" className="mx-auto size-12 text-amber-600 dark:text-amber-400" />
        <h2 className="mt-3 text-xl font-bold">{t("approval.notFound")}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {forms.status === "error" ? t("approval.loadFailedNoSignal") : t("approval.setGone")}
        </p>
      </Card>
    );
  }
  return <Dashboard key={set.id} set={set} />;
}

/** The Supervisor Approval Dashboard of one combined set (spec section 2), a screen of the "/" flow. */
export function CombinedApprovalScreen() {
  const [params] = useSearchParams();
  const session = useSession();
  const combinedId = params.get("id") ?? "";
  const t = useT();
  const back = { href: appPaths.home("supervisor"), label: t("home.supervisor") };
  return (
    <ScreenLayout title={t("approval.title")} back={back} wide>
      {session ? <FindSet combinedId={combinedId} /> : <SupervisorLoginRequired />}
    </ScreenLayout>
  );
}
