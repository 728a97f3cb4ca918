import type { Kysely } from "kysely";
import type { ChooseLanguageRequest, OrganisationResponse } from "../../../domain/api/api";
import type { Locale } from "../../../domain/text/i18n/locales";
import type { Account } from "../../db/accounts-repository";
import { findOrganisationLanguage, setOrganisationLanguage } from "../../db/organisations-repository";
import type { DB } from "../../db/schema";
import type { ServiceDeps } from "../service-deps";
import { memberOf, organisationIdOf } from "./organisation-access";
import { organisationView } from "./organisation-view";

/**
 * The language of the company a caller works for, which their clients' copies default to; null for a driver
 * without a company (and a caller without an account), whose copies stay English unless they pick another.
 */
export async function companyLanguageOf(db: Kysely<DB>, account: Account | null): Promise<Locale | null> {
  const organisationId = await organisationIdOf(db, account);
  return organisationId === null ? null : findOrganisationLanguage(db, organisationId);
}

/**
 * PUT /api/organisations/{id}/language: the company's admin sets the language its office works in (one the app
 * speaks, checked by the request's schema). Answers the company as the admin now sees it.
 */
export async function setCompanyLanguage(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  input: ChooseLanguageRequest,
): Promise<OrganisationResponse> {
  const membership = await memberOf(deps, account, organisationId, "set-language");
  await setOrganisationLanguage(deps.database.db, organisationId, input.language);
  return organisationView(deps.database.db, membership);
}
