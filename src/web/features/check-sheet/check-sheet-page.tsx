import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { localIsoDate } from "../../../domain/iso-date";
import { messages } from "../../../domain/messages";
import { checkSheetResumeStep } from "../../../domain/wizard";
import { LoadingScreen } from "../../components/loading-screen";
import { RestoredNotice } from "../../components/restored-notice";
import { SavedOnPhone } from "../../components/saved-on-phone";
import { ScreenLayout } from "../../components/screen-layout";
import { TodaysDate } from "../../components/todays-date";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
import { newId } from "../../lib/new-id";
import { useSession } from "../../lib/session-store";
import { useFormStart } from "../../lib/use-form-start";
import { deleteLocalForm, formStartKey } from "../../offline/local-forms";
import { localCopyToOpen, useLocalFormById, useRestoredLocalForm } from "../../offline/use-local-form";
import { type CheckSheetFormState, newCheckSheetState, openCheckSheetDraft } from "./check-sheet-form-state";
import { CheckSheetWizard } from "./check-sheet-wizard";
import { CHECK_SHEET_LOCAL_KIND } from "./use-check-sheet-form";

function CheckSheetScreen({ orderNumber, children }: { orderNumber?: string | null; children: ReactNode }) {
  return (
    <ScreenLayout
      title="Daily Plant Defect Check"
      subtitle={
        <>
          <p>
            <TodaysDate />
          </p>
          {orderNumber ? <p>Order number: {orderNumber}</p> : null}
        </>
      }
      back={{ href: appPaths.home("check-sheet"), label: "Home" }}
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
      <Link href={appPaths.form("check-sheet")} className={buttonClasses("outline")}>
        Start a new check sheet
      </Link>
    </Card>
  );
}

type GoHome = (accountHolder: boolean) => void;

interface Ends {
  goHome: GoHome;
  onSavedOnPhone: () => void;
}

/**
 * A saved draft, fetched afresh each time it is opened, then edited from the step it had reached. The copy on
 * this device wins when it holds work the server has not had yet, or when there is no signal to fetch it.
 */
function DraftCheckSheet({ draftId, ends }: { draftId: string; ends: Ends }) {
  const draft = useQuery<unknown>({ queryKey: ["/api/check-sheets", draftId], gcTime: 0 });
  const session = useSession();
  const [owner] = useState(() => session?.driverName ?? null);
  const local = useLocalFormById<CheckSheetFormState>(CHECK_SHEET_LOCAL_KIND, draftId);
  if (draft.isPending || !local.ready) {
    return (
      <CheckSheetScreen>
        <LoadingScreen label="Opening draft..." />
      </CheckSheetScreen>
    );
  }
  const opened = draft.isError ? null : openCheckSheetDraft(draft.data, localIsoDate(new Date()));
  if (opened && !opened.ok) {
    return (
      <CheckSheetScreen>
        <DraftProblem text={messages.draftLoadFailed(opened.problem)} />
      </CheckSheetScreen>
    );
  }
  const localForm = localCopyToOpen(local.form, draft.isError ? null : draft.data);
  if (localForm) {
    // An opened draft starts at the step the spec gives for what it holds, wherever it was left.
    const initial = { ...localForm.state, step: checkSheetResumeStep(localForm.state.form) };
    return (
      <CheckSheetScreen orderNumber={localForm.state.form.orderNumber}>
        <CheckSheetWizard
          initial={initial}
          options={{
            stored: true,
            savedVersion: localForm.savedVersion,
            owner: localForm.owner,
            start: localForm.start,
          }}
          {...ends}
        />
      </CheckSheetScreen>
    );
  }
  if (!opened) {
    return (
      <CheckSheetScreen>
        <DraftProblem text={messages.draftLoadFailed(failureText(draft.error))} />
      </CheckSheetScreen>
    );
  }
  const { form } = opened.state;
  return (
    <CheckSheetScreen orderNumber={form.orderNumber}>
      <CheckSheetWizard
        initial={opened.state}
        options={{ stored: true, owner, start: formStartKey(form) }}
        {...ends}
      />
    </CheckSheetScreen>
  );
}

/**
 * A new check sheet, dated today, for the customer and order number chosen before the wizard; or, when this
 * device holds one in progress for the same start, that one, exactly as it was left.
 */
function NewCheckSheet({ ends, onStartAfresh }: { ends: Ends; onStartAfresh: () => void }) {
  const { customerId, orderNumber } = useFormStart();
  const session = useSession();
  const [owner] = useState(() => session?.driverName ?? null);
  const start = formStartKey({ customerId, orderNumber });
  const restored = useRestoredLocalForm<CheckSheetFormState>(CHECK_SHEET_LOCAL_KIND, { owner, start });
  const [fresh] = useState(() =>
    newCheckSheetState(newId(), localIsoDate(new Date()), { customerId, orderNumber }),
  );
  if (!restored.ready) {
    return (
      <CheckSheetScreen>
        <LoadingScreen label="Opening..." />
      </CheckSheetScreen>
    );
  }
  const local = restored.form;
  const initial = local ? local.state : fresh;
  const startAfresh = () => {
    if (local) void deleteLocalForm(CHECK_SHEET_LOCAL_KIND, local.id).then(onStartAfresh);
  };
  return (
    <CheckSheetScreen orderNumber={initial.form.orderNumber}>
      {local ? (
        <RestoredNotice startAfreshLabel="Start a new check sheet instead" onStartAfresh={startAfresh} />
      ) : null}
      <CheckSheetWizard
        initial={initial}
        options={{ stored: local?.stored ?? false, savedVersion: local?.savedVersion, owner, start }}
        {...ends}
      />
    </CheckSheetScreen>
  );
}

/**
 * The daily check sheet route: a new sheet, or with `?draftId=` a saved draft. After a submission the app
 * returns home: an account holder's dashboard, or the Check Sheet tab.
 */
export function CheckSheetPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const [run, setRun] = useState(0);
  const [savedOnPhone, setSavedOnPhone] = useState(false);
  const draftId = params.get("draftId");
  const { customerId, orderNumber } = useFormStart();
  const goHome: GoHome = (accountHolder) =>
    navigate(accountHolder ? appPaths.dashboard : appPaths.home("check-sheet"));
  const ends: Ends = {
    goHome,
    onSavedOnPhone: () => {
      setSavedOnPhone(true);
      window.scrollTo({ top: 0 });
    },
  };
  const startAfresh = () => {
    setRun((n) => n + 1);
    window.scrollTo({ top: 0 });
  };

  if (savedOnPhone) {
    return (
      <CheckSheetScreen>
        <SavedOnPhone what="check sheet" nextLabel="Back to Home" onNext={() => goHome(false)} />
      </CheckSheetScreen>
    );
  }
  return draftId ? (
    <DraftCheckSheet key={`${draftId}-${run}`} draftId={draftId} ends={ends} />
  ) : (
    <NewCheckSheet key={`${customerId}-${orderNumber}-${run}`} ends={ends} onStartAfresh={startAfresh} />
  );
}
