import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { QrCodeSchema, type Vehicle } from "../../domain/vehicle";
import { AppError } from "../app-error";
import { findVehicleByQrCode, listVehicles, type VehicleWithQrCode } from "../db/vehicles-repository";
import { parseInput } from "../parse-input";
import { listOwnerOf } from "../services/organisations/organisation-access";

const QrParamsSchema = z.object({ code: QrCodeSchema });

export const vehicleRoutes: FastifyPluginAsync = async (app) => {
  // The whole fleet, kept by the service worker so a QR label can be read on a site without signal. The same
  // details any QR lookup answers, so nothing more is revealed.
  // A member of a company with its own fleet gets that fleet, everyone else the shared one (decision 029).
  app.get("/vehicles", async (request): Promise<VehicleWithQrCode[]> => {
    const { db } = app.deps.database;
    return listVehicles(db, await listOwnerOf(db, request.session?.account ?? null, "vehicles"));
  });

  app.get("/vehicles/qr/:code", async (request): Promise<Vehicle> => {
    const { code } = parseInput(QrParamsSchema, request.params);
    const { db } = app.deps.database;
    const vehicle = await findVehicleByQrCode(
      db,
      code,
      await listOwnerOf(db, request.session?.account ?? null, "vehicles"),
    );
    if (!vehicle) throw new AppError("not_found", "Vehicle information not found for this QR code.");
    return vehicle;
  });
};
