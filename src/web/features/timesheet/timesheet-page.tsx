import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { messages } from "../../../domain/messages";
import type { TimesheetFields } from "../../../domain/timesheet";
import { timesheetResumeStep } from "../../../domain/wizard";
import { LoadingScreen } from "../../components/loading-screen";
import { RestoredNotice } from "../../components/restored-notice";
import { SavedOnPhone } from "../../components/saved-on-phone";
import { ScreenLayout } from "../../components/screen-layout";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
import { newId } from "../../lib/new-id";
import { useSession } from "../../lib/session-store";
import { useFormStart } from "../../lib/use-form-start";
import { deleteLocalForm, formStartKey } from "../../offline/local-forms";
import { localCopyToOpen, useLocalFormById, useRestoredLocalForm } from "../../offline/use-local-form";
import type { TimesheetCompletion } from "./signature-step";
import { newTimesheetState, openDraft, type TimesheetFormState } from "./timesheet-form-state";
import { TimesheetWizard } from "./timesheet-wizard";
import { TIMESHEET_LOCAL_KIND } from "./use-timesheet-form";

function TimesheetScreen({ orderNumber, children }: { orderNumber?: string | null; children: ReactNode }) {
  return (
    <ScreenLayout
      title="Weekly Timesheet"
      subtitle={orderNumber ? `Order number: ${orderNumber}` : undefined}
      back={{ href: appPaths.home("timesheet"), label: "Home" }}
    >
      {children}
    </ScreenLayout>
  );
}

function DraftProblem({ text }: { text: string }) {
  return (
    <Card role="alert" className="space-y-4">
      <p className="flex items-start gap-2 font-medium text-red-800 dark:text-red-300">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {text}
      </p>
      <Link href={appPaths.form("timesheet")} className={buttonClasses("outline")}>
        Start a new timesheet
      </Link>
    </Card>
  );
}

type Completed = (form: TimesheetFields, how: TimesheetCompletion) => void;

/**
 * A saved draft, fetched afresh each time it is opened, then edited from the step it had reached. The copy on
 * this device wins when it holds work the server has not had yet, or when there is no signal to fetch it.
 */
function DraftTimesheet({ draftId, onCompleted }: { draftId: string; onCompleted: Completed }) {
  const draft = useQuery<unknown>({ queryKey: ["/api/timesheets", draftId], gcTime: 0 });
  const session = useSession();
  const [owner] = useState(() => session?.driverName ?? null);
  const local = useLocalFormById<TimesheetFormState>(TIMESHEET_LOCAL_KIND, draftId);
  if (draft.isPending || !local.ready) {
    return (
      <TimesheetScreen>
        <LoadingScreen label="Opening draft..." />
      </TimesheetScreen>
    );
  }
  const opened = draft.isError ? null : openDraft(draft.data);
  if (opened && !opened.ok) {
    return (
      <TimesheetScreen>
        <DraftProblem text={messages.draftLoadFailed(opened.problem)} />
      </TimesheetScreen>
    );
  }
  const localForm = localCopyToOpen(local.form, draft.isError ? null : draft.data);
  if (localForm) {
    // An opened draft starts at the step the spec gives for what it holds, wherever it was left.
    const initial = { ...localForm.state, step: timesheetResumeStep(localForm.state.form) };
    return (
      <TimesheetScreen orderNumber={localForm.state.form.orderNumber}>
        <TimesheetWizard
          initial={initial}
          options={{
            stored: true,
            savedVersion: localForm.savedVersion,
            owner: localForm.owner,
            start: localForm.start,
          }}
          onCompleted={onCompleted}
        />
      </TimesheetScreen>
    );
  }
  if (!opened) {
    return (
      <TimesheetScreen>
        <DraftProblem text={messages.draftLoadFailed(failureText(draft.error))} />
      </TimesheetScreen>
    );
  }
  const { form } = opened.state;
  return (
    <TimesheetScreen orderNumber={form.orderNumber}>
      <TimesheetWizard
        initial={opened.state}
        options={{ stored: true, owner, start: formStartKey(form) }}
        onCompleted={onCompleted}
      />
    </TimesheetScreen>
  );
}

/**
 * A new timesheet for the customer and order number chosen before the wizard; or, when this device holds one
 * in progress for the same start, that one, exactly as it was left.
 */
function NewTimesheet({ onCompleted, onStartAfresh }: { onCompleted: Completed; onStartAfresh: () => void }) {
  const { customerId, orderNumber } = useFormStart();
  const session = useSession();
  const [owner] = useState(() => session?.driverName ?? null);
  const start = formStartKey({ customerId, orderNumber });
  const restored = useRestoredLocalForm<TimesheetFormState>(TIMESHEET_LOCAL_KIND, { owner, start });
  const [fresh] = useState(() => newTimesheetState(newId(), { customerId, orderNumber }));
  if (!restored.ready) {
    return (
      <TimesheetScreen>
        <LoadingScreen label="Opening..." />
      </TimesheetScreen>
    );
  }
  const local = restored.form;
  const initial = local ? local.state : fresh;
  const startAfresh = () => {
    if (local) void deleteLocalForm(TIMESHEET_LOCAL_KIND, local.id).then(onStartAfresh);
  };
  return (
    <TimesheetScreen orderNumber={initial.form.orderNumber}>
      {local ? (
        <RestoredNotice startAfreshLabel="Start a new timesheet instead" onStartAfresh={startAfresh} />
      ) : null}
      <TimesheetWizard
        initial={initial}
        options={{ stored: local?.stored ?? false, savedVersion: local?.savedVersion, owner, start }}
        onCompleted={onCompleted}
      />
    </TimesheetScreen>
  );
}

/**
 * The weekly timesheet route: a new timesheet, or with `?draftId=` a saved draft. After a one-step
 * submission the wizard starts again, blank, at step 1, for the same customer and order number.
 */
export function TimesheetPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const [run, setRun] = useState(0);
  const [savedOnPhone, setSavedOnPhone] = useState(false);
  const draftId = params.get("draftId");
  const { customerId, orderNumber } = useFormStart();

  const startAgain = () => {
    setSavedOnPhone(false);
    setRun((n) => n + 1);
    window.scrollTo({ top: 0 });
  };

  const onCompleted: Completed = (form, how) => {
    const start = form.customerId
      ? { customerId: form.customerId, orderNumber: form.orderNumber || undefined }
      : undefined;
    navigate(appPaths.form("timesheet", start), { replace: true });
    if (how === "saved-on-phone") {
      setSavedOnPhone(true);
      window.scrollTo({ top: 0 });
    } else {
      startAgain();
    }
  };

  if (savedOnPhone) {
    return (
      <TimesheetScreen>
        <SavedOnPhone what="timesheet" nextLabel="Start a new timesheet" onNext={startAgain} />
      </TimesheetScreen>
    );
  }
  return draftId ? (
    <DraftTimesheet key={`${draftId}-${run}`} draftId={draftId} onCompleted={onCompleted} />
  ) : (
    <NewTimesheet
      key={`${customerId}-${orderNumber}-${run}`}
      onCompleted={onCompleted}
      onStartAfresh={startAgain}
    />
  );
}
