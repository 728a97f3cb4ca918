import { useQueryClient } from "@tanstack/react-query";
import ClipboardList from "lucide-react/icons/clipboard-list";
import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import Inbox from "lucide-react/icons/inbox";
import Trash2 from "lucide-react/icons/trash";
import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { cardsOf } from "../../../domain/forms/form-card";
import { draftList } from "../../../domain/forms/form-lists";
import { isCompletedStatus } from "../../../domain/forms/form-status";
import { approvalRecipients } from "../../../domain/sets/pack-recipients";
import { pairForms } from "../../../domain/sets/pairing";
import { type CardAction, trafficLight } from "../../../domain/sets/traffic-light";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadingScreen } from "../../components/loading-screen";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { appPaths } from "../../lib/app-paths";
import { useT } from "../../lib/i18n";
import { refreshAccountForms, useAccountForms } from "../../lib/use-account-forms";
import { useCurrentDriver } from "../../lib/use-current-driver";
import { useWideScreen } from "../../lib/use-wide-screen";
import { LastRefreshedNote } from "../../offline/kept-copy-note";
import {
  archiveSet,
  deleteCard,
  deleteFailure,
  type SupervisorCard,
  type SupervisorSet,
  submissionFailure,
  submitCombinedSet,
} from "./api/supervisor-actions";
import { DraftCard } from "./draft-card";
import { EmailDispatchDialog } from "./email-dispatch-dialog";
import { PackRecipients } from "./recipient-list";
import { SetsTable } from "./sets-table";
import { TrafficLightLegend } from "./traffic-light-legend";

/**
 * Filed away: archived sets, and single forms already completed (Driver History lists them). They show only
 * with View All Sheets, so the list stays the week's work in hand.
 */
function filedAway(card: SupervisorCard): boolean {
  if (trafficLight(card) === "archived") return true;
  return card.type !== "combined" && isCompletedStatus(card.form.status);
}

/**
 * Supervisor: every timesheet, check sheet and combined set (a timesheet with its matching check sheets) as
 * a card with its traffic light, and the steps that take a set from signatures to an emailed, archived pack.
 */
export function SupervisorTab() {
  const t = useT();
  const forms = useAccountForms();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [showAll, setShowAll] = useState(false);
  const [approving, setApproving] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<SupervisorCard | null>(null);
  const [toArchive, setToArchive] = useState<SupervisorSet | null>(null);
  const [toDispatch, setToDispatch] = useState<SupervisorSet | null>(null);
  const [toApprove, setToApprove] = useState<SupervisorSet | null>(null);
  const accountEmail = useCurrentDriver().data?.email;
  const approvalTo = toApprove ? approvalRecipients(toApprove.timesheet.submissionEmails, accountEmail) : [];
  const [clearing, setClearing] = useState(false);
  const wide = useWideScreen();

  const cards = useMemo(
    () => cardsOf(pairForms(forms.timesheets, forms.checkSheets)),
    [forms.timesheets, forms.checkSheets],
  );
  const drafts = useMemo(
    () => draftList(forms.timesheets, forms.checkSheets),
    [forms.timesheets, forms.checkSheets],
  );
  const visible = showAll ? cards : cards.filter((card) => !filedAway(card));
  const refresh = () => refreshAccountForms(queryClient);

  const getApproval = async (set: SupervisorSet) => {
    setApproving(set.id);
    try {
      const answer = await submitCombinedSet(set);
      toast({
        title: t("supervisor.combinedSubmitted"),
        description: t("supervisor.sentForApproval", {
          addresses: (answer?.recipientAddresses ?? []).join(", "),
        }),
        variant: "success",
      });
    } catch (error) {
      toast({ title: submissionFailure(error, t), variant: "destructive" });
    } finally {
      setApproving(null);
      await refresh();
    }
  };

  const onAction = (action: CardAction, card: SupervisorCard) => {
    switch (action) {
      case "continue":
        if (card.type === "combined") return;
        navigate(
          isCompletedStatus(card.form.status)
            ? appPaths.completedForm(card.id)
            : appPaths.draft(card.type, card.id),
        );
        return;
      case "delete":
        setToDelete(card);
        return;
      case "review-set":
      case "supervisor-dispatch":
        navigate(appPaths.combinedApproval(card.id));
        return;
      case "get-approval":
        if (card.type === "combined") setToApprove(card);
        return;
      case "email-dispatch":
        if (card.type === "combined") setToDispatch(card);
        return;
      case "archive":
        if (card.type === "combined") setToArchive(card);
        return;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteCard(toDelete);
      toast({
        title: t(toDelete.type === "combined" ? "supervisor.formsDeleted" : "supervisor.formDeleted"),
        variant: "success",
      });
    } catch (error) {
      toast({ title: deleteFailure(toDelete, error, t), variant: "destructive" });
    } finally {
      await refresh();
    }
  };

  const confirmArchive = async () => {
    if (!toArchive) return;
    try {
      await archiveSet(toArchive);
      toast({ title: t("supervisor.formsArchived"), variant: "success" });
    } catch {
      toast({ title: t("supervisor.archiveFailed"), variant: "destructive" });
    } finally {
      await refresh();
    }
  };

  const confirmClear = async () => {
    try {
      await Promise.all(drafts.map((draft) => deleteCard(draft)));
      toast({ title: t("supervisor.draftsCleared", { count: drafts.length }), variant: "success" });
    } catch {
      toast({ title: t("supervisor.clearDraftsFailed"), variant: "destructive" });
    } finally {
      await refresh();
    }
  };

  const hiddenCount = cards.length - cards.filter((card) => !filedAway(card)).length;

  return (
    <section aria-labelledby="supervisor-heading">
      <h2 id="supervisor-heading" className="text-xl font-bold">
        {t("home.supervisor")}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t("supervisor.intro")}</p>
      <LastRefreshedNote
        refreshedAt={forms.status === "success" ? forms.refreshedAt : null}
        fromDevice={forms.status === "success" && forms.fromDevice}
        className="mt-3"
      />
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <Button
          variant="outline"
          aria-pressed={showAll}
          disabled={forms.status !== "success"}
          onClick={() => setShowAll((shown) => !shown)}
        >
          {showAll ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
          {t("supervisor.viewAll")}
        </Button>
        <Button variant="outline" disabled={drafts.length === 0} onClick={() => setClearing(true)}>
          <Trash2 aria-hidden="true" className="size-5" />
          {t("supervisor.clearAll")}
        </Button>
        <Button variant="secondary" className="sm:col-span-2" onClick={() => navigate(appPaths.collation())}>
          <ClipboardList aria-hidden="true" className="size-5" />
          {t("supervisor.approvalTitle")}
        </Button>
      </div>
      <TrafficLightLegend />
      {showAll && hiddenCount > 0 ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t("supervisor.showingAll")}</p>
      ) : null}

      {forms.status === "pending" ? (
        <LoadingScreen label={t("supervisor.loading")} />
      ) : visible.length === 0 ? (
        <Card className="mt-3 flex flex-col items-center gap-3 py-8 text-center">
          <Inbox aria-hidden="true" className="size-10 text-slate-500 dark:text-slate-400" />
          <h3 className="text-lg font-bold">{t("supervisor.emptyTitle")}</h3>
          <p className="max-w-sm text-slate-700 dark:text-slate-300">{t("supervisor.emptyText")}</p>
        </Card>
      ) : wide ? (
        <SetsTable cards={visible} busyId={approving} onAction={onAction} />
      ) : (
        <ul aria-label={t("supervisor.draftSheets")} className="mt-3 space-y-3">
          {visible.map((card) => (
            <li key={`${card.type}-${card.id}`}>
              <DraftCard card={card} busy={approving === card.id} onAction={onAction} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => open || setToDelete(null)}
        title={t(
          toDelete?.type === "combined" ? "supervisor.deleteFormsTitle" : "supervisor.deleteDraftTitle",
        )}
        description={t("supervisor.deleteDescription", {
          what:
            toDelete?.type === "combined"
              ? toDelete.plantNumber
                ? "combined"
                : "combinedNoPlant"
              : toDelete?.type === "timesheet"
                ? "timesheet"
                : "check-sheet",
          plant: toDelete?.type === "combined" ? toDelete.plantNumber : "",
        })}
        confirmLabel={t("supervisor.delete")}
        busyLabel={t("supervisor.deleting")}
        destructive
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={clearing}
        onOpenChange={setClearing}
        title={t("supervisor.clearAll")}
        description={t("supervisor.clearAllDescription", { count: drafts.length })}
        confirmLabel={t("supervisor.clearAll")}
        busyLabel={t("supervisor.deleting")}
        destructive
        onConfirm={confirmClear}
      />
      <ConfirmDialog
        open={toArchive !== null}
        onOpenChange={(open) => open || setToArchive(null)}
        title={t("supervisor.archiveTitle")}
        description={t("supervisor.archiveDescription", {
          known: toArchive?.plantNumber ? "yes" : "no",
          plant: toArchive?.plantNumber ?? "",
        })}
        confirmLabel={t("supervisor.archive")}
        busyLabel={t("supervisor.archiving")}
        onConfirm={confirmArchive}
      />
      <ConfirmDialog
        open={toApprove !== null}
        onOpenChange={(open) => open || setToApprove(null)}
        title={t("supervisor.confirmSendTitle")}
        description={
          <PackRecipients
            sentence={
              approvalTo.length === 0
                ? t("supervisor.confirmGetApprovalNobody")
                : t("supervisor.confirmGetApproval", { count: approvalTo.length })
            }
            addresses={approvalTo}
          />
        }
        confirmLabel={t("supervisor.getApproval")}
        busyLabel={t("signatureStep.submitting")}
        confirmDisabled={approvalTo.length === 0}
        onConfirm={async () => {
          if (toApprove) await getApproval(toApprove);
        }}
      />
      <EmailDispatchDialog
        set={toDispatch}
        onOpenChange={(open) => open || setToDispatch(null)}
        onDispatched={() => void refresh()}
      />
    </section>
  );
}
