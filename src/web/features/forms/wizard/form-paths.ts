import type { FormKind } from "../../../../domain/forms/form-spec";
import { appPaths } from "../../../lib/app-paths";

/** Where the driver fixes a form the server refused later: the same start brings its device copy back. */
export function formFixUrl(kind: FormKind, form: { customerId: string; orderNumber: string }): string {
  return appPaths.form(
    kind,
    form.customerId ? { customerId: form.customerId, orderNumber: form.orderNumber || undefined } : undefined,
  );
}
