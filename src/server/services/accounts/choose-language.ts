import type { ChooseLanguageRequest } from "../../../domain/api/api";
import { type Account, updateAccountLanguage } from "../../db/accounts-repository";
import type { ServiceDeps } from "../service-deps";

/** Keeps the language a signed-in account chose in the app, for what is later mailed to that person. */
export async function chooseLanguage(
  deps: ServiceDeps,
  account: Account,
  input: ChooseLanguageRequest,
): Promise<void> {
  await updateAccountLanguage(deps.database.db, account.id, input.language);
}
