import type { Kysely } from "kysely";
import type { DB } from "./schema";

/** A slot a company's export holds while it is made (migration 021). */
export interface ExportSlot {
  organisationId: string;
  slot: number;
  runId: string;
}

/**
 * Takes one of the organisation's `slots` export slots for `runId` until `expiresAt`: the first that is free or
 * whose lease has run out (its instance died). Each try is one upsert that takes the slot only if it is free, so
 * on either dialect two instances asking at once never both get one slot. Null when every slot is held.
 */
export async function claimExportSlot(
  db: Kysely<DB>,
  organisationId: string,
  options: { slots: number; runId: string; now: Date; expiresAt: Date },
): Promise<ExportSlot | null> {
  const { slots, runId, now, expiresAt } = options;
  for (let slot = 0; slot < slots; slot++) {
    const taken = await db
      .insertInto("export_slots")
      .values({ organisation_id: organisationId, slot, run_id: runId, expires_at: expiresAt.toISOString() })
      .onConflict((oc) =>
        oc
          .columns(["organisation_id", "slot"])
          .doUpdateSet((eb) => ({
            run_id: eb.ref("excluded.run_id"),
            expires_at: eb.ref("excluded.expires_at"),
          }))
          .where("export_slots.expires_at", "<=", now.toISOString()),
      )
      .returning("run_id")
      .executeTakeFirst();
    if (taken?.run_id === runId) return { organisationId, slot, runId };
  }
  return null;
}

/** Moves a held slot's lease on to `expiresAt`; false when the slot is no longer this export's. */
export async function renewExportSlot(db: Kysely<DB>, held: ExportSlot, expiresAt: Date): Promise<boolean> {
  const result = await db
    .updateTable("export_slots")
    .set({ expires_at: expiresAt.toISOString() })
    .where("organisation_id", "=", held.organisationId)
    .where("slot", "=", held.slot)
    .where("run_id", "=", held.runId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Frees a slot, if it is still this export's. */
export async function releaseExportSlot(db: Kysely<DB>, held: ExportSlot): Promise<void> {
  await db
    .deleteFrom("export_slots")
    .where("organisation_id", "=", held.organisationId)
    .where("slot", "=", held.slot)
    .where("run_id", "=", held.runId)
    .execute();
}
