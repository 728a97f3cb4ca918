import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { NewCustomer } from "../../../domain/company-lists";
import type { Customer } from "../../../domain/customer";
import type { Account } from "../../db/accounts-repository";
import { insertCompanyCustomer } from "../../db/customers-repository";
import { memberOf } from "./organisation-access";

/**
 * POST /api/organisations/{id}/customers: an admin adds a customer to the company's own list, which its drivers
 * then pick from alone (decision record 029). The id is made here.
 */
export async function addCustomer(
  app: FastifyInstance,
  account: Account,
  organisationId: string,
  customer: NewCustomer,
): Promise<Customer> {
  await memberOf(app, account, organisationId, "manage-customers");
  const made = { id: randomUUID(), ...customer };
  await insertCompanyCustomer(app.deps.database.db, organisationId, made);
  return made;
}
