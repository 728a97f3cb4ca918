import type { Kysely, Selectable } from "kysely";
import type { Customer } from "../../domain/customer";
import type { CustomersTable, DB } from "./schema";

// Sorted in code, not by ORDER BY: SQLite's binary collation and PostgreSQL's locale collation order names
// differently (case, spaces, punctuation), and the dropdown must read the same on both.
const byName = new Intl.Collator("en-GB", { sensitivity: "base", numeric: true });

function toCustomer(row: Selectable<CustomersTable>): Customer {
  return { id: row.id, name: row.name, requiresOrderValidation: row.requires_order_validation === 1 };
}

/**
 * Every customer on the list `listOwner` names (the shared list for null), sorted by name for the selection
 * dropdown.
 */
export async function listCustomers(db: Kysely<DB>, listOwner: string | null = null): Promise<Customer[]> {
  const rows = await db
    .selectFrom("customers")
    .selectAll()
    .where("organisation_id", listOwner === null ? "is" : "=", listOwner)
    .execute();
  return rows.map(toCustomer).sort((a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

/** A customer by id on any list: a form keeps the customer it was made with, whatever list it is on now. */
export async function findCustomer(db: Kysely<DB>, id: string): Promise<Customer | undefined> {
  const row = await db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toCustomer(row);
}

/** A customer by id, only when it is on the list `listOwner` names (the shared list for null). */
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

/** Adds a customer to a company's own list. */
export async function insertCompanyCustomer(
  db: Kysely<DB>,
  organisationId: string,
  customer: Customer,
): Promise<void> {
  await db
    .insertInto("customers")
    .values({
      id: customer.id,
      name: customer.name,
      requires_order_validation: customer.requiresOrderValidation ? 1 : 0,
      organisation_id: organisationId,
    })
    .execute();
}
