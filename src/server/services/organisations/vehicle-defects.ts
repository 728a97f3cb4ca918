import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CheckSheetFields } from "../../../domain/checks/check-sheet";
import {
  defectReportOf,
  type FixDefectRequest,
  type FleetResponse,
  vehicleState,
} from "../../../domain/checks/vehicle-defects";
import { may } from "../../../domain/company/organisation";
import type { FormKind } from "../../../domain/forms/form-spec";
import type { FormStatus } from "../../../domain/forms/form-status";
import { formatDisplayDate } from "../../../domain/time/iso-date";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import { findOrganisationLanguage, findWorkshop } from "../../db/organisations-repository";
import { findPhotos } from "../../db/photos-repository";
import type { DB } from "../../db/schema";
import {
  findFleetVehicle,
  insertDefectReport,
  listVehicleDefects,
  markDefectFixed,
} from "../../db/vehicle-defects-repository";
import { listVehiclesToManage } from "../../db/vehicles-repository";
import { enqueueWebhook } from "../../db/webhooks-repository";
import { translatorFor } from "../../i18n";
import { defectAlertMail } from "../../mail/organisation-mails";
import { photoIdOfUrl, readPdfPhotos } from "../form-photos";
import type { ServiceDeps } from "../service-deps";
import { companyListOwner, memberOf } from "./organisation-access";
import { alertWorkshop } from "./workshop-alerts";

/** A form as it is written: whose company it belongs to, its status after the write and its fields. */
export interface WrittenForm {
  kind: FormKind;
  id: string;
  ownerId: string;
  organisationId: string | null;
  status: FormStatus;
  fields: Readonly<Record<string, unknown>>;
}

/**
 * What a form's write must add when it reports a defect on one of its company's vehicles: the report in the
 * vehicle's history, the "defect.reported" webhook when the company has one, and, when it has a workshop address
 * that someone there has confirmed, the alert mail with the items, notes, machine and photos (within the limits
 * of alertWorkshop), all in the write's transaction, so the alert goes once the sheet is stored, and only then.
 * Null when there is nothing to report: not a check sheet, an individual's, a draft, no defect, or a machine not
 * on the fleet the company uses (its own once it has entered any, the shared one until then).
 * A sheet reports once: written again (a replay, a resubmission after a send-back, or another instance's write of
 * it at the same moment), the insert finds its row and nothing is mailed or counted.
 */
export async function defectReportWrite(
  deps: ServiceDeps,
  sheet: WrittenForm,
): Promise<((trx: Kysely<DB>, now: Date) => Promise<void>) | null> {
  const { organisationId } = sheet;
  if (organisationId === null || sheet.kind !== "check-sheet") return null;
  const fields = sheet.fields as unknown as CheckSheetFields;
  const report = defectReportOf(sheet.status, fields);
  if (!report) return null;
  const { db } = deps.database;
  // The workshop and the webhook's receiver read the items in the company's language; the fleet keeps English.
  const language = await findOrganisationLanguage(db, organisationId);
  const items = defectReportOf(sheet.status, fields, translatorFor(language).t)?.items ?? report.items;
  const fleet = await companyListOwner(db, organisationId, "vehicles");
  const vehicle = await findFleetVehicle(db, fleet, fields.plantNumber ?? "");
  if (!vehicle) return null;
  const found = await findWorkshop(db, organisationId);
  // Nothing goes to an address nobody there has confirmed: anyone can type anyone's.
  const workshop = found?.confirmedAt ? found.email : null;
  const photoIds = (fields.photos ?? []).flatMap((url) => photoIdOfUrl(url, deps.config.publicUrl) ?? []);
  const photoRows = workshop
    ? (await findPhotos(db, photoIds)).filter((row) => row.owner_id === sheet.ownerId)
    : [];
  const photos = await readPdfPhotos(deps, photoRows);
  return async (trx, now) => {
    const reportId = randomUUID();
    const reported = await insertDefectReport(
      trx,
      {
        id: reportId,
        checkSheetId: sheet.id,
        organisationId,
        qrCode: vehicle.qrCode,
        checkDate: fields.checkDate,
        driverName: fields.driverSignedName ?? "",
        ...report,
      },
      now,
    );
    if (!reported) return;
    // Figures only, as every webhook: no notes, photos or their addresses leave for a hire desk's system.
    await enqueueWebhook(
      trx,
      organisationId,
      "defect.reported",
      {
        checkSheetId: sheet.id,
        plantNumber: vehicle.plantNumber,
        machineNumber: vehicle.machineNumber,
        checkDate: fields.checkDate,
        driverName: fields.driverSignedName ?? "",
        items,
        stoodDown: report.stoodDown,
      },
      now,
    );
    if (!workshop) return;
    const mail = defectAlertMail({
      to: workshop,
      vehicle,
      checkDate: formatDisplayDate(fields.checkDate),
      driverName: fields.driverSignedName ?? "",
      site: fields.siteLocation ?? "",
      report: { ...report, items },
      photos,
      language,
    });
    await alertWorkshop(
      deps,
      trx,
      { organisationId, driverId: sheet.ownerId, reportId, workshop, mail },
      now,
    );
  };
}

/** After a write with a defect report commits: its mail and webhook are sent now rather than at the next poll. */
export function wakeAfterDefectReport(deps: ServiceDeps): void {
  deps.outbox?.wake();
  deps.webhooks?.wake();
}

/**
 * GET /api/organisations/{id}/fleet: the vehicles of the fleet the company uses, each "ok" or "defect reported", with every defect
 * reported on it, newest first, and its fix; its retired vehicles too, said to be. For supervisors and admins.
 */
export async function listFleet(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
): Promise<FleetResponse> {
  const membership = await memberOf(deps, account, organisationId, "view-fleet");
  const { db } = deps.database;
  const owner = await companyListOwner(db, organisationId, "vehicles");
  const [vehicles, defects, workshop] = await Promise.all([
    listVehiclesToManage(db, owner),
    listVehicleDefects(db, organisationId),
    findWorkshop(db, organisationId),
  ]);
  return {
    workshop,
    alertsPerHour: deps.config.mailLimits.defectAlertsPerCompanyPerHour,
    canManage: may(membership.role, "manage-fleet"),
    ownFleet: owner !== null,
    vehicles: vehicles.map((vehicle) => {
      const history = defects.filter((defect) => defect.qrCode === vehicle.qrCode);
      return {
        qrCode: vehicle.qrCode,
        plantNumber: vehicle.plantNumber,
        machineNumber: vehicle.machineNumber,
        vehicleType: vehicle.vehicleType,
        description: vehicle.description,
        checkTemplate: vehicle.checkTemplate,
        retired: vehicle.retired,
        state: vehicleState(
          history.map((defect) => ({ fixedAt: defect.fixed?.at ?? null, stoodDown: defect.stoodDown })),
        ),
        defects: history,
      };
    }),
  };
}

/** POST /api/organisations/{id}/defects/{defectId}/fixed: an admin marks a reported defect fixed, with a note. */
export async function fixDefect(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  defectId: string,
  { note, fixedAt }: FixDefectRequest,
) {
  await memberOf(deps, account, organisationId, "manage-fleet");
  const now = deps.now();
  const at = fixedAt === undefined ? now : new Date(fixedAt);
  if (at.getTime() > now.getTime()) throw new AppError("bad_request", "apiError.fixedInFuture");
  const fixed = await markDefectFixed(
    deps.database.db,
    organisationId,
    defectId,
    { by: account.id, byName: account.fullName, note },
    at,
  );
  // Another company's, made up or fixed already: one answer, which says nothing of other companies.
  if (!fixed) throw new AppError("not_found", "apiError.defectNotOpen");
  return { id: defectId, fixed: { at: at.toISOString(), by: account.fullName, note } };
}
