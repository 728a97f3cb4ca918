import { FormPage } from "../wizard/form-page";
import { TIMESHEET_WIZARD } from "./timesheet-kind";

/** The weekly timesheet route: the one wizard, on the timesheet's spec. */
export function TimesheetPage() {
  return <FormPage kind={TIMESHEET_WIZARD} />;
}
