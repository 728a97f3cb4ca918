import { FormPage } from "../wizard/form-page";
import { OFF_HIRE_WIZARD } from "./off-hire-kind";

/** The off-hire note route: the one wizard, on the off-hire note's spec. */
export function OffHirePage() {
  return <FormPage kind={OFF_HIRE_WIZARD} />;
}
