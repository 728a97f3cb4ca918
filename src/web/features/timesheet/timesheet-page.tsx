import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { messages } from "../../../domain/messages";
import type { TimesheetFields } from "../../../domain/timesheet";
import { LoadingScreen } from "../../components/loading-screen";
import { ScreenLayout } from "../../components/screen-layout";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
import { newId } from "../../lib/new-id";
import { useFormStart } from "../../lib/use-form-start";
import { newTimesheetState, openDraft } from "./timesheet-form-state";
import { TimesheetWizard } from "./timesheet-wizard";

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

type Completed = (form: TimesheetFields) => void;

/** A saved draft, fetched afresh each time it is opened, then edited from the step it had reached. */
function DraftTimesheet({ draftId, onCompleted }: { draftId: string; onCompleted: Completed }) {
  const draft = useQuery<unknown>({ queryKey: ["/api/timesheets", draftId], gcTime: 0 });
  if (draft.isPending) {
    return (
      <TimesheetScreen>
        <LoadingScreen label="Opening draft..." />
      </TimesheetScreen>
    );
  }
  if (draft.isError) {
    return (
      <TimesheetScreen>
        <DraftProblem text={messages.draftLoadFailed(failureText(draft.error))} />
      </TimesheetScreen>
    );
  }
  const opened = openDraft(draft.data);
  if (!opened.ok) {
    return (
      <TimesheetScreen>
        <DraftProblem text={messages.draftLoadFailed(opened.problem)} />
      </TimesheetScreen>
    );
  }
  return (
    <TimesheetScreen orderNumber={opened.state.form.orderNumber}>
      <TimesheetWizard initial={opened.state} stored onCompleted={onCompleted} />
    </TimesheetScreen>
  );
}

/** A new timesheet for the customer and order number chosen before the wizard. */
function NewTimesheet({ onCompleted }: { onCompleted: Completed }) {
  const { customerId, orderNumber } = useFormStart();
  const [initial] = useState(() => newTimesheetState(newId(), { customerId, orderNumber }));
  return (
    <TimesheetScreen orderNumber={initial.form.orderNumber}>
      <TimesheetWizard initial={initial} stored={false} onCompleted={onCompleted} />
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
  const draftId = params.get("draftId");
  const { customerId, orderNumber } = useFormStart();

  const onCompleted: Completed = (form) => {
    const start = form.customerId
      ? { customerId: form.customerId, orderNumber: form.orderNumber || undefined }
      : undefined;
    navigate(appPaths.form("timesheet", start), { replace: true });
    setRun((n) => n + 1);
    window.scrollTo({ top: 0 });
  };

  return draftId ? (
    <DraftTimesheet key={`${draftId}-${run}`} draftId={draftId} onCompleted={onCompleted} />
  ) : (
    <NewTimesheet key={`${customerId}-${orderNumber}-${run}`} onCompleted={onCompleted} />
  );
}
