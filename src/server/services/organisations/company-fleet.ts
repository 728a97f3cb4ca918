import {
  clashesOf,
  FLEET_KEYS,
  type NewFleetVehicle,
  type RetireRequest,
} from "../../../domain/company/company-lists";
import { AppError } from "../../app-error";
import type { Account } from "../../db/accounts-repository";
import {
  findCompanyVehicle,
  insertFleetVehicles,
  listVehiclesToManage,
  type ManagedVehicle,
  setVehicleRetired,
  updateFleetVehicle,
} from "../../db/vehicles-repository";
import type { ServiceDeps } from "../service-deps";
import { changeList, refuseClash } from "./list-change";
import { memberOf } from "./organisation-access";

/**
 * POST /api/organisations/{id}/vehicles: an admin adds a machine to the company's own fleet. A QR code or plant
 * number another of the company's machines has (any case or spacing, a retired one's included) answers 409 naming
 * it; a QR code on another fleet (another company's, the shared list) answers 409, saying no more than that.
 */
export async function addFleetVehicle(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  vehicle: NewFleetVehicle,
): Promise<NewFleetVehicle> {
  await memberOf(deps, account, organisationId, "manage-fleet");
  await changeList(deps, organisationId, "import.codeTaken", async (trx) => {
    refuseClash(
      "fleet",
      clashesOf(vehicle, await listVehiclesToManage(trx, organisationId), FLEET_KEYS),
      vehicle,
    );
    await insertFleetVehicles(trx, organisationId, [vehicle]);
  });
  return vehicle;
}

/**
 * PUT /api/organisations/{id}/vehicles/{qrCode}: an admin changes one of the company's machines, by the rules of
 * adding one. A new QR code takes the machine's defect history along. Another fleet's machine answers 404.
 */
export async function editFleetVehicle(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  qrCode: string,
  vehicle: NewFleetVehicle,
): Promise<ManagedVehicle> {
  await memberOf(deps, account, organisationId, "manage-fleet");
  return changeList(deps, organisationId, "import.codeTaken", async (trx) => {
    const current = await findCompanyVehicle(trx, organisationId, qrCode);
    if (!current) throw new AppError("not_found", "apiError.vehicleNotFound");
    const others = (await listVehiclesToManage(trx, organisationId)).filter(
      (other) => other.qrCode !== qrCode,
    );
    refuseClash("fleet", clashesOf(vehicle, others, FLEET_KEYS), vehicle);
    await updateFleetVehicle(trx, organisationId, qrCode, vehicle);
    return { ...vehicle, retired: current.retired };
  });
}

/**
 * PUT /api/organisations/{id}/vehicles/{qrCode}/retired: an admin retires a machine (its drivers no longer scan or
 * pick it; its defect history stays) or returns it to service.
 */
export async function retireFleetVehicle(
  deps: ServiceDeps,
  account: Account,
  organisationId: string,
  qrCode: string,
  { retired }: RetireRequest,
): Promise<ManagedVehicle> {
  await memberOf(deps, account, organisationId, "manage-fleet");
  const { db } = deps.database;
  const at = retired ? deps.now().toISOString() : null;
  if (!(await setVehicleRetired(db, organisationId, qrCode, at))) {
    throw new AppError("not_found", "apiError.vehicleNotFound");
  }
  const vehicle = await findCompanyVehicle(db, organisationId, qrCode);
  if (!vehicle) throw new AppError("not_found", "apiError.vehicleNotFound");
  return vehicle;
}
