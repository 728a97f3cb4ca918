import type { Kysely, Selectable } from "kysely";
import type { Customer } from "../../domain/company/customer";
import type { CustomersTable, DB } from "./schema";

// Sorted in code, not by ORDER BY: SQLite's binary collation and PostgreSQL's locale collation order names
// differently (case, spaces, punctuation), and the dropdown must read the same on both.
const byName = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });

function toCustomer(row: Selectable<CustomersTable>): Customer {
  return { id: row.id, name: row.name, requiresOrderValidation: row.requires_order_validation === 1 };
}

const byNameThenId = (a: Customer, b: Customer) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

/**
 * Every customer drivers pick from on the list `listOwner` names (the shared list for null), sorted by name for the
 * selection dropdown. Retired customers are not on it.
 */
export async function listCustomers(db: Kysely<DB>, listOwner: string | null = null): Promise<Customer[]> {
  const rows = await db
    .selectFrom("customers")
    .selectAll()
    .where("organisation_id", listOwner === null ? "is" : "=", listOwner)
    .where("retired_at", "is", null)
    .execute();
  return rows.map(toCustomer).sort(byNameThenId);
}

/** Every customer on the list `listOwner` names, retired ones too, sorted by name: what its admin manages. */
export async function listCustomersToManage(
  db: Kysely<DB>,
  listOwner: string | null,
): Promise<Array<Customer & { retired: boolean }>> {
  const rows = await db
    .selectFrom("customers")
    .selectAll()
    .where("organisation_id", listOwner === null ? "is" : "=", listOwner)
    .execute();
  return rows.map((row) => ({ ...toCustomer(row), retired: row.retired_at !== null })).sort(byNameThenId);
}

/** A customer by id on any list: a form keeps the customer it was made with, whatever list it is on now. */
export async function findCustomer(db: Kysely<DB>, id: string): Promise<Customer | undefined> {
  const row = await db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toCustomer(row);
}

/** A customer drivers pick by id, only when it is on the list `listOwner` names (the shared list for null). */
export async function findCustomerOn(
  db: Kysely<DB>,
  listOwner: string | null,
  id: string,
): Promise<Customer | undefined> {
  const row = await db
    .selectFrom("customers")
    .selectAll()
    .where("id", "=", id)
    .where("organisation_id", listOwner === null ? "is" : "=", listOwner)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  return row && toCustomer(row);
}

/** Inserts new customers and updates the name and flag of existing ones (matched by id). */
export async function upsertCustomers(db: Kysely<DB>, customers: readonly Customer[]): Promise<void> {
  if (customers.length === 0) return;
  await db
    .insertInto("customers")
    .values(
      customers.map((c) => ({
        id: c.id,
        name: c.name,
        requires_order_validation: c.requiresOrderValidation ? 1 : 0,
      })),
    )
    .onConflict((oc) =>
      oc.column("id").doUpdateSet((eb) => ({
        name: eb.ref("excluded.name"),
        requires_order_validation: eb.ref("excluded.requires_order_validation"),
      })),
    )
    .execute();
}

/** Rows a statement inserts at once: well inside both databases' limits on bound values. */
const INSERT_BATCH = 500;

/** Adds customers to a company's own list. */
export async function insertCompanyCustomers(
  db: Kysely<DB>,
  organisationId: string,
  customers: readonly Customer[],
): Promise<void> {
  for (let start = 0; start < customers.length; start += INSERT_BATCH) {
    await db
      .insertInto("customers")
      .values(
        customers.slice(start, start + INSERT_BATCH).map((customer) => ({
          id: customer.id,
          name: customer.name,
          requires_order_validation: customer.requiresOrderValidation ? 1 : 0,
          organisation_id: organisationId,
        })),
      )
      .execute();
  }
}

/** The company's customer by id, retired or not; undefined for another list's or a made-up id. */
export async function findCompanyCustomer(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
): Promise<(Customer & { retired: boolean }) | undefined> {
  const row = await db
    .selectFrom("customers")
    .selectAll()
    .where("id", "=", id)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return row && { ...toCustomer(row), retired: row.retired_at !== null };
}

/** Changes the name and flag of one of the company's customers. */
export async function updateCompanyCustomer(
  db: Kysely<DB>,
  organisationId: string,
  customer: Customer,
): Promise<void> {
  await db
    .updateTable("customers")
    .set({ name: customer.name, requires_order_validation: customer.requiresOrderValidation ? 1 : 0 })
    .where("id", "=", customer.id)
    .where("organisation_id", "=", organisationId)
    .execute();
}

/** Retires one of the company's customers, or returns it to the list (null): false when it has no such customer. */
export async function setCustomerRetired(
  db: Kysely<DB>,
  organisationId: string,
  id: string,
  retiredAt: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable("customers")
    .set({ retired_at: retiredAt })
    .where("id", "=", id)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
