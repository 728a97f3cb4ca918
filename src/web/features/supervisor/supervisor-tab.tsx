import { useQueryClient } from "@tanstack/react-query";
import { ClipboardList, Eye, EyeOff, Inbox, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useLocation } from "wouter";
import { cardsOf } from "../../../domain/forms/form-card";
import { draftList } from "../../../domain/forms/form-lists";
import { isCompletedStatus } from "../../../domain/forms/form-status";
import { approvalRecipients } from "../../../domain/sets/pack-recipients";
import { pairForms } from "../../../domain/sets/pairing";
import { type CardAction, trafficLight } from "../../../domain/sets/traffic-light";
import { messages } from "../../../domain/text/messages";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { LoadingScreen } from "../../components/loading-screen";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { appPaths } from "../../lib/app-paths";
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

function cardTitle(card: SupervisorCard): string {
  if (card.type === "combined") return `the combined set for ${card.plantNumber || "this plant"}`;
  return card.type === "timesheet" ? "this timesheet" : "this check sheet";
}

/**
 * Supervisor: every timesheet, check sheet and combined set (a timesheet with its matching check sheets) as
 * a card with its traffic light, and the steps that take a set from signatures to an emailed, archived pack.
 */
export function SupervisorTab() {
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
        title: messages.combinedSubmitted,
        description: messages.sentForApproval(answer?.recipientAddresses ?? []),
        variant: "success",
      });
    } catch (error) {
      toast({ title: submissionFailure(error), variant: "destructive" });
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
        title: toDelete.type === "combined" ? messages.formsDeleted : messages.formDeleted,
        variant: "success",
      });
    } catch (error) {
      toast({ title: deleteFailure(toDelete, error), variant: "destructive" });
    } finally {
      await refresh();
    }
  };

  const confirmArchive = async () => {
    if (!toArchive) return;
    try {
      await archiveSet(toArchive);
      toast({ title: messages.formsArchived, variant: "success" });
    } catch {
      toast({ title: messages.archiveFailed, variant: "destructive" });
    } finally {
      await refresh();
    }
  };

  const confirmClear = async () => {
    try {
      await Promise.all(drafts.map((draft) => deleteCard(draft)));
      toast({ title: messages.draftsCleared(drafts.length), variant: "success" });
    } catch {
      toast({ title: messages.clearDraftsFailed, variant: "destructive" });
    } finally {
      await refresh();
    }
  };

  const hiddenCount = cards.length - cards.filter((card) => !filedAway(card)).length;

  return (
    <section aria-labelledby="supervisor-heading">
      <h2 id="supervisor-heading" className="text-xl font-bold">
        Supervisor
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Review draft sheets, get them approved and email them to the client.
      </p>
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
          View All Sheets
        </Button>
        <Button variant="outline" disabled={drafts.length === 0} onClick={() => setClearing(true)}>
          <Trash2 aria-hidden="true" className="size-5" />
          Clear All Drafts
        </Button>
        <Button variant="secondary" className="sm:col-span-2" onClick={() => navigate(appPaths.collation())}>
          <ClipboardList aria-hidden="true" className="size-5" />
          Supervisor Approval
        </Button>
      </div>
      <TrafficLightLegend />
      {showAll && hiddenCount > 0 ? (
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Showing archived and completed sheets too.
        </p>
      ) : null}

      {forms.status === "pending" ? (
        <LoadingScreen label="Loading sheets..." />
      ) : visible.length === 0 ? (
        <Card className="mt-3 flex flex-col items-center gap-3 py-8 text-center">
          <Inbox aria-hidden="true" className="size-10 text-slate-500 dark:text-slate-400" />
          <h3 className="text-lg font-bold">No Draft Sheets</h3>
          <p className="max-w-sm text-slate-700 dark:text-slate-300">
            Timesheets and check sheets saved as drafts appear here, paired into sets ready for approval.
          </p>
        </Card>
      ) : wide ? (
        <SetsTable cards={visible} busyId={approving} onAction={onAction} />
      ) : (
        <ul aria-label="Draft sheets" className="mt-3 space-y-3">
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
        title={toDelete?.type === "combined" ? "Delete Forms" : "Delete Draft"}
        description={`Delete ${toDelete ? cardTitle(toDelete) : "this form"}? This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={clearing}
        onOpenChange={setClearing}
        title="Clear All Drafts"
        description={`Delete all ${drafts.length} ${drafts.length === 1 ? "draft" : "drafts"}? This cannot be undone.`}
        confirmLabel="Clear All Drafts"
        busyLabel="Deleting..."
        destructive
        onConfirm={confirmClear}
      />
      <ConfirmDialog
        open={toArchive !== null}
        onOpenChange={(open) => open || setToArchive(null)}
        title="Archive Forms"
        description={`Archive ${toArchive ? cardTitle(toArchive) : "these forms"}? The timesheet and its check sheets are filed and can no longer be changed.`}
        confirmLabel="Archive"
        busyLabel="Archiving..."
        onConfirm={confirmArchive}
      />
      <ConfirmDialog
        open={toApprove !== null}
        onOpenChange={(open) => open || setToApprove(null)}
        title={messages.confirmSendTitle}
        description={
          <PackRecipients sentence={messages.confirmGetApproval(approvalTo)} addresses={approvalTo} />
        }
        confirmLabel="Get Approval"
        busyLabel="Submitting..."
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
