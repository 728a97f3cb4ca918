import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { AppError } from "../app-error";
import { parseInput } from "../parse-input";
import { readImage } from "../services/read-image";
import { viewAccessOf } from "./request-readers";

const ParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) });

/** A form's drawn signatures, stored once beside the forms that hold them (see domain/forms/image-ref.ts). */
export const imageRoutes: FastifyPluginAsync = async (app) => {
  app.get("/images/:id", async (request, reply) => {
    const { id } = parseInput(ParamsSchema, request.params);
    const bytes = await readImage(app.deps, id, viewAccessOf(request));
    if (!bytes) throw new AppError("not_found", "apiError.imageNotFound");
    // Named by its content, so it never changes; private, as only its holders may see it.
    return reply
      .type("image/png")
      .header("cache-control", "private, max-age=31536000, immutable")
      .send(bytes);
  });
};
