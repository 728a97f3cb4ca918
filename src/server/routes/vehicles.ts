import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { QrCodeSchema, type Vehicle } from "../../domain/vehicle";
import { AppError } from "../app-error";
import { findVehicleByQrCode, listVehicles, type VehicleWithQrCode } from "../db/vehicles-repository";
import { parseInput } from "../parse-input";

const QrParamsSchema = z.object({ code: QrCodeSchema });

export const vehicleRoutes: FastifyPluginAsync = async (app) => {
  // The whole fleet, kept by the service worker so a QR label can be read on a site without signal. The same
  // details any QR lookup answers, so nothing more is revealed.
  app.get("/vehicles", async (): Promise<VehicleWithQrCode[]> => listVehicles(app.deps.database.db));

  app.get("/vehicles/qr/:code", async (request): Promise<Vehicle> => {
    const { code } = parseInput(QrParamsSchema, request.params);
    const vehicle = await findVehicleByQrCode(app.deps.database.db, code);
    if (!vehicle) throw new AppError("not_found", "Vehicle information not found for this QR code.");
    return vehicle;
  });
};
