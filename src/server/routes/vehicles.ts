import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { QrCodeSchema } from "../../domain/checks/vehicle";
import { parseInput } from "../parse-input";
import { vehicleByQrCode, vehiclesFor } from "../services/driver-lists";

const QrParamsSchema = z.object({ code: QrCodeSchema });

export const vehicleRoutes: FastifyPluginAsync = async (app) => {
  app.get("/vehicles", async (request) => vehiclesFor(app.deps, request.session?.account ?? null));

  app.get("/vehicles/qr/:code", async (request) => {
    const { code } = parseInput(QrParamsSchema, request.params);
    return vehicleByQrCode(app.deps, request.session?.account ?? null, code);
  });
};
