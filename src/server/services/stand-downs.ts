import type { StandDownsQuery } from "../../domain/api/api";
import { defectItems } from "../../domain/checks/check-items";
import { isStoodDown } from "../../domain/forms/check-sheet-readings";
import type { StandDown } from "../../domain/hire/stand-downs";
import { english } from "../../domain/text/i18n/english";
import { ukDayTime } from "../../domain/time/uk-time";
import { weekRange } from "../../domain/time/week-ending";
import type { Account } from "../db/accounts-repository";
import { listOwnCheckSheetsOfPlant } from "../db/forms-repository";
import { defectFixTimes } from "../db/vehicle-defects-repository";
import type { ServiceDeps } from "./service-deps";

/**
 * GET /api/timesheets/stand-downs: the account's own sent checks of a plant in a week that stood the machine down,
 * each with the time it was signed (UK time), its first failed item and, where the company marked it fixed, when.
 */
export async function standDownsFor(
  deps: ServiceDeps,
  account: Account,
  { plant, weekEnding }: StandDownsQuery,
): Promise<{ standDowns: StandDown[] }> {
  const dates = weekRange(weekEnding);
  const { db } = deps.database;
  const sheets = await listOwnCheckSheetsOfPlant(db, account.id, plant, dates[0] as string, weekEnding);
  const stoodDown = sheets.filter((sheet) => isStoodDown(sheet.fields));
  const fixes = await defectFixTimes(
    db,
    stoodDown.map((sheet) => sheet.id),
  );
  return {
    standDowns: stoodDown.map((sheet) => {
      const signedAt = sheet.fields.operatorSignedAt;
      const at = ukDayTime(
        new Date(typeof signedAt === "string" ? signedAt : (sheet.submittedAt ?? sheet.createdAt)),
      );
      const fixedAt = fixes.get(sheet.id);
      const [item] = defectItems(sheet.fields);
      return {
        // The check's own date decides its day, whenever it was signed.
        date: sheet.date ?? at.date,
        time: sheet.date === at.date ? at.time : "00:00",
        item: item ? english(item.labelKey) : "",
        fixed: fixedAt === undefined ? null : ukDayTime(new Date(fixedAt)),
      };
    }),
  };
}
