import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { localIsoDate } from "../../../domain/iso-date";
import { messages } from "../../../domain/messages";
import { LoadingScreen } from "../../components/loading-screen";
import { ScreenLayout } from "../../components/screen-layout";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
import { formatLongDate } from "../../lib/format-long-date";
import { newId } from "../../lib/new-id";
import { useFormStart } from "../../lib/use-form-start";
import { newCheckSheetState, openCheckSheetDraft } from "./check-sheet-form-state";
import { CheckSheetWizard } from "./check-sheet-wizard";

function CheckSheetScreen({ orderNumber, children }: { orderNumber?: string | null; children: ReactNode }) {
  return (
    <ScreenLayout
      title="Daily Plant Defect Check"
      subtitle={
        <>
          <p>{formatLongDate(new Date())}</p>
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

/** A saved draft, fetched afresh each time it is opened, then edited from the step it had reached. */
function DraftCheckSheet({ draftId, goHome }: { draftId: string; goHome: GoHome }) {
  const draft = useQuery<unknown>({ queryKey: ["/api/check-sheets", draftId], gcTime: 0 });
  if (draft.isPending) {
    return (
      <CheckSheetScreen>
        <LoadingScreen label="Opening draft..." />
      </CheckSheetScreen>
    );
  }
  if (draft.isError) {
    return (
      <CheckSheetScreen>
        <DraftProblem text={messages.draftLoadFailed(failureText(draft.error))} />
      </CheckSheetScreen>
    );
  }
  const opened = openCheckSheetDraft(draft.data, localIsoDate(new Date()));
  if (!opened.ok) {
    return (
      <CheckSheetScreen>
        <DraftProblem text={messages.draftLoadFailed(opened.problem)} />
      </CheckSheetScreen>
    );
  }
  return (
    <CheckSheetScreen orderNumber={opened.state.form.orderNumber}>
      <CheckSheetWizard initial={opened.state} stored goHome={goHome} />
    </CheckSheetScreen>
  );
}

/** A new check sheet, dated today, for the customer and order number chosen before the wizard. */
function NewCheckSheet({ goHome }: { goHome: GoHome }) {
  const { customerId, orderNumber } = useFormStart();
  const [initial] = useState(() =>
    newCheckSheetState(newId(), localIsoDate(new Date()), { customerId, orderNumber }),
  );
  return (
    <CheckSheetScreen orderNumber={initial.form.orderNumber}>
      <CheckSheetWizard initial={initial} stored={false} goHome={goHome} />
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
  const draftId = params.get("draftId");
  const { customerId, orderNumber } = useFormStart();
  const goHome: GoHome = (accountHolder) =>
    navigate(accountHolder ? appPaths.dashboard : appPaths.home("check-sheet"));

  return draftId ? (
    <DraftCheckSheet key={draftId} draftId={draftId} goHome={goHome} />
  ) : (
    <NewCheckSheet key={`${customerId}-${orderNumber}`} goHome={goHome} />
  );
}
