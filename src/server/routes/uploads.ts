import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { UploadResponse } from "../../domain/api/api";
import { MAX_PHOTO_BYTES } from "../../domain/forms/constants";
import { IdSchema } from "../../domain/forms/form-fields";
import { AppError } from "../app-error";
import { parseInput } from "../parse-input";
import { readPhoto } from "../services/read-photo";
import { grantUploadSlot, receiveUpload } from "../services/uploads";
import { viewAccessOf } from "./request-readers";

const TokenParamsSchema = z.object({ token: z.string().regex(/^[\w-]{40,64}$/) });
const IdParamsSchema = z.object({ id: IdSchema });

/**
 * The spec's upload flow: POST /api/objects/upload hands out a URL, the browser PUTs the photo to it.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    "/objects/upload",
    async (request): Promise<UploadResponse> =>
      grantUploadSlot(app.deps, request.session?.account.id ?? null, request.ip),
  );

  await app.register(async (raw) => {
    // The photo arrives as the raw request body, whatever type it declares; its bytes decide.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    raw.put("/uploads/:token", async (request) => {
      const { token } = parseInput(TokenParamsSchema, request.params);
      return receiveUpload(app.deps, token, request.body);
    });
  });

  app.get("/photos/:id", async (request, reply) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const photo = await readPhoto(app.deps, id, viewAccessOf(request));
    if (!photo) throw new AppError("not_found", "apiError.photoNotFound");
    return reply
      .type(photo.contentType)
      .header("cache-control", "private, max-age=31536000, immutable")
      .send(photo.bytes);
  });
};
