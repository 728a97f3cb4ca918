import { FormStartSummary } from "../../components/form-start-summary";
import { FormStepsOutline } from "../../components/form-steps-outline";
import { ScreenLayout } from "../../components/screen-layout";
import { appPaths } from "../../lib/app-paths";
import { formatLongDate } from "../../lib/format-long-date";
import { useFormStart } from "../../lib/use-form-start";

const steps = [
  "Driver & Company Info",
  "QR Scanner & Vehicle Info",
  "Daily Safety Check",
  "Photo Documentation",
  "Driver Signature",
] as const;

/** The daily check sheet route: the page frame of the 5-step wizard. */
export function CheckSheetPage() {
  const { orderNumber } = useFormStart();
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
      <div className="space-y-4">
        <FormStartSummary form="check-sheet" />
        <FormStepsOutline steps={steps} />
      </div>
    </ScreenLayout>
  );
}
