import { randomUUID } from "node:crypto";
import {
  type CompanyCustomersResponse,
  CUSTOMER_KEYS,
  clashesOf,
  type NewCustomer,
  type RetireRequest,
} from "../../../domain/company/company-lists";
import type { Customer } from "../../../domain/company/customer";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import {
  findCompanyCustomer,
  insertCompanyCustomers,
  listCustomersToManage,
  setCustomerRetired,
  updateCompanyCustomer,
} from "../../db/customers-repository";
import type { ServiceDeps } from "../service-deps";
import { changeList, refuseClash } from "./list-change";
import { companyListOwner, memberOf } from "./organisation-access";

/**
 * GET /api/organisations/{id}/customers: the customers the company's drivers pick from and its retired ones, for
 * its admins; the shared list (which the admin cannot change) until the company adds its own.
 */
export async function listCompanyCustomers(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<CompanyCustomersResponse> {
  await memberOf(deps, account, organisationId, "manage-customers");
  const { db } = deps.database;
  const owner = await companyListOwner(db, organisationId, "customers");
  return { ownList: owner !== null, customers: await listCustomersToManage(db, owner) };
}

/**
 * POST /api/organisations/{id}/customers: an admin adds a customer to the company's own list, which its drivers
 * then pick from alone (decision record 029). The id is made here. A name the list has already (any case or
 * spacing, a retired customer's included) answers 409.
 */
export async function addCustomer(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  customer: NewCustomer,
): Promise<Customer> {
  await memberOf(deps, account, organisationId, "manage-customers");
  const made = { id: randomUUID(), ...customer };
  await changeList(deps, organisationId, "apiError.importChanged", async (trx) => {
    refuseClash(
      "customers",
      clashesOf(made, await listCustomersToManage(trx, organisationId), CUSTOMER_KEYS),
      made,
    );
    await insertCompanyCustomers(trx, organisationId, [made]);
  });
  return made;
}

/**
 * PUT /api/organisations/{id}/customers/{customerId}: an admin changes a customer's name or whether its order
 * numbers are checked, by the rules of adding one. Forms made for it name it by its id, so they show the new name.
 */
export async function editCustomer(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  customerId: string,
  customer: NewCustomer,
): Promise<Customer & { retired: boolean }> {
  await memberOf(deps, account, organisationId, "manage-customers");
  return changeList(deps, organisationId, "apiError.importChanged", async (trx) => {
    const current = await findCompanyCustomer(trx, organisationId, customerId);
    if (!current) throw new AppError("not_found", "apiError.companyCustomerNotFound");
    const others = (await listCustomersToManage(trx, organisationId)).filter(
      (other) => other.id !== customerId,
    );
    refuseClash("customers", clashesOf(customer, others, CUSTOMER_KEYS), customer);
    const changed = { id: customerId, ...customer };
    await updateCompanyCustomer(trx, organisationId, changed);
    return { ...changed, retired: current.retired };
  });
}

/**
 * PUT /api/organisations/{id}/customers/{customerId}/retired: an admin retires a customer (drivers no longer pick
 * it; the forms made for it still show it) or returns it to the list.
 */
export async function retireCustomer(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  customerId: string,
  { retired }: RetireRequest,
): Promise<Customer & { retired: boolean }> {
  await memberOf(deps, account, organisationId, "manage-customers");
  const { db } = deps.database;
  const at = retired ? deps.now().toISOString() : null;
  if (!(await setCustomerRetired(db, organisationId, customerId, at))) {
    throw new AppError("not_found", "apiError.companyCustomerNotFound");
  }
  const customer = await findCompanyCustomer(db, organisationId, customerId);
  if (!customer) throw new AppError("not_found", "apiError.companyCustomerNotFound");
  return customer;
}
