import { type Kysely, sql } from "kysely";

/**
 * Each vehicle of the fleet names the check template of its machine category, so scanning its QR code gives the
 * check sheet the right items. Vehicles already listed get the template their type names, else the general one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("vehicles")
    .addColumn("check_template", "text", (col) => col.notNull().defaultTo("general-plant"))
    .execute();
  const byType: [pattern: string, template: string][] = [
    ["%excavator%", "excavator"],
    ["%digger%", "excavator"],
    ["%dumper%", "dumper"],
    ["%telehandler%", "telehandler"],
    ["%telescopic%", "telehandler"],
    ["%roller%", "roller"],
    ["%mewp%", "mewp"],
    ["%cherry picker%", "mewp"],
    ["%scissor%", "mewp"],
    ["%boom lift%", "mewp"],
  ];
  for (const [pattern, template] of byType) {
    await sql`update vehicles set check_template = ${template}
      where check_template = 'general-plant' and lower(vehicle_type) like ${pattern}`.execute(db);
  }
}
