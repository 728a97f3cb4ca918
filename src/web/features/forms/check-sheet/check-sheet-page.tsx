import { FormPage } from "../wizard/form-page";
import { CHECK_SHEET_WIZARD } from "./check-sheet-kind";

/** The daily check sheet route: the one wizard, on the check sheet's spec. */
export function CheckSheetPage() {
  return <FormPage kind={CHECK_SHEET_WIZARD} />;
}
