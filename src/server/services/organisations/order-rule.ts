import type { Kysely } from "kysely";
import { DEFAULT_ORDER_RULE, type OrderRule } from "../../../domain/company/order-number";
import type { Account } from "../../db/accounts-repository";
import { findOrderPrefixes, setOrderPrefixes } from "../../db/organisations-repository";
import type { DB } from "../../db/schema";
import type { ServiceDeps } from "../service-deps";
import { memberOf, organisationIdOf } from "./organisation-access";

/** The order-number rule a caller's numbers follow: their company's prefixes, the spec's without one or unset. */
export async function orderRuleOf(db: Kysely<DB>, account: Account | null): Promise<OrderRule> {
  const organisationId = await organisationIdOf(db, account);
  const prefixes = organisationId === null ? null : await findOrderPrefixes(db, organisationId);
  return prefixes ? { prefixes } : DEFAULT_ORDER_RULE;
}

/**
 * PUT /api/organisations/{id}/order-rule: the company's admin sets the prefixes its customers' order numbers start
 * with (decision record 044), checked by the request's schema. The admin who manages the customers sets it.
 */
export async function setOrderRule(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  prefixes: string[],
): Promise<OrderRule> {
  await memberOf(deps, account, organisationId, "manage-customers");
  await setOrderPrefixes(deps.database.db, organisationId, prefixes);
  return { prefixes };
}
