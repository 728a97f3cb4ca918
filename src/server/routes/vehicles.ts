import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { StandDownsQuerySchema } from "../../domain/api/api";
import { QrCodeSchema } from "../../domain/checks/vehicle";
import { requireAccount } from "../auth/sessions";
import { parseInput } from "../parse-input";
import { vehicleByQrCode, vehiclesFor } from "../services/driver-lists";
import { standDownsFor } from "../services/stand-downs";

const QrParamsSchema = z.object({ code: QrCodeSchema });

export const vehicleRoutes: FastifyPluginAsync = async (app) => {
  app.get("/vehicles", async (request) => vehiclesFor(app.deps, request.session?.account ?? null));

  // A timesheet's breakdown starts from the driver's own checks that stood its plant down that week.
  app.get("/timesheets/stand-downs", async (request) =>
    standDownsFor(app.deps, requireAccount(request), parseInput(StandDownsQuerySchema, request.query)),
  );

  app.get("/vehicles/qr/:code", async (request) => {
    const { code } = parseInput(QrParamsSchema, request.params);
    return vehicleByQrCode(app.deps, request.session?.account ?? null, code);
  });
};
