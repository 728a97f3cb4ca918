import type { Vehicle } from "../../domain/checks/vehicle";
import type { CustomerChoice, ValidateOrderResponse } from "../../domain/company/customer";
import { validateOrderNumber } from "../../domain/company/order-number";
import { AppError } from "../app-error";
import type { Account } from "../db/accounts-repository";
import { findCustomerOn, listCustomers } from "../db/customers-repository";
import { lastOrderNumbers } from "../db/forms-repository";
import { findVehicleByQrCode, listVehicles, type VehicleWithQrCode } from "../db/vehicles-repository";
import { orderRuleOf } from "./organisations/order-rule";
import { listOwnerOf } from "./organisations/organisation-access";
import type { ServiceDeps } from "./service-deps";

/**
 * The customers a driver picks from: the shared list, or for a member of a company that has its own, that
 * (decision 029). A signed-in driver's list carries the order number they last gave each customer, which
 * customer selection fills in; the list is kept on the phone, so that works offline too.
 */
export async function customersFor(deps: ServiceDeps, account: Account | null): Promise<CustomerChoice[]> {
  const { db } = deps.database;
  const customers = await listCustomers(db, await listOwnerOf(db, account, "customers"));
  if (!account) return customers;
  const remembered = await lastOrderNumbers(db, account.id);
  return customers.map((customer) => {
    const lastOrderNumber = remembered.get(customer.id);
    return lastOrderNumber === undefined ? customer : { ...customer, lastOrderNumber };
  });
}

/** An order number checked against the caller's rule, for a customer on the caller's list. */
export async function checkOrderNumber(
  deps: ServiceDeps,
  account: Account | null,
  customerId: string,
  orderNumber: string,
): Promise<ValidateOrderResponse> {
  const { db } = deps.database;
  const customer = await findCustomerOn(db, await listOwnerOf(db, account, "customers"), customerId);
  if (!customer) throw new AppError("not_found", "apiError.customerNotFound");
  const { valid, message } = validateOrderNumber(orderNumber, await orderRuleOf(db, account));
  return { valid, message };
}

/**
 * The whole fleet a driver picks from, the company's own or the shared one, kept by the service worker so a QR
 * label can be read on a site without signal: the same details any QR lookup answers, so nothing more is revealed.
 */
export async function vehiclesFor(deps: ServiceDeps, account: Account | null): Promise<VehicleWithQrCode[]> {
  const { db } = deps.database;
  return listVehicles(db, await listOwnerOf(db, account, "vehicles"));
}

/** The vehicle a scanned QR code names on the caller's fleet. */
export async function vehicleByQrCode(
  deps: ServiceDeps,
  account: Account | null,
  code: string,
): Promise<Vehicle> {
  const { db } = deps.database;
  const vehicle = await findVehicleByQrCode(db, code, await listOwnerOf(db, account, "vehicles"));
  if (!vehicle) throw new AppError("not_found", "apiError.vehicleNotFoundForQr");
  return vehicle;
}
