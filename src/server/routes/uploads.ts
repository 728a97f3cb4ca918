import { createHash, randomUUID } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { UploadResponse } from "../../domain/api";
import { MAX_PHOTO_BYTES, UPLOAD_URL_TTL_SECONDS } from "../../domain/constants";
import { IdSchema } from "../../domain/form-fields";
import { messages } from "../../domain/messages";
import { AppError } from "../app-error";
import { hashToken, newToken } from "../auth/sessions";
import { consumeUploadToken, insertPendingPhoto, markPhotoUploaded } from "../db/photos-repository";
import { hitRateLimit } from "../db/rate-limits-repository";
import { parseInput } from "../parse-input";
import { photoUrl } from "../services/form-photos";
import { storePrintCopy } from "../services/print-copies";
import { readPhoto } from "../services/read-photo";
import { viewAccessOf } from "../services/view-access";
import { sniffImageType } from "../storage/sniff-image-type";

const TokenParamsSchema = z.object({ token: z.string().regex(/^[\w-]{40,64}$/) });
const IdParamsSchema = z.object({ id: IdSchema });
/** Enough for a busy site office sharing one connection; stops a script from filling the disk. */
const UPLOAD_URLS_PER_HOUR = { limit: 300, windowMs: 60 * 60 * 1000 };

/**
 * The spec's upload flow: POST /api/objects/upload hands out a URL, the browser PUTs the photo to it. Here the
 * URL is this server's, carrying a single-use token that expires after the spec's signing validity; the bytes
 * must really be an image, whatever the request says they are.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.post("/objects/upload", async (request): Promise<UploadResponse> => {
    const now = app.deps.now();
    const limit = await hitRateLimit(db, `upload:address:${request.ip}`, UPLOAD_URLS_PER_HOUR, now);
    if (!limit.allowed) throw new AppError("rate_limited", messages.uploadsLimited);
    const id = randomUUID();
    const storageKey = `photos/${id}`;
    const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_SECONDS * 1000);
    const ownerId = request.session?.account.id ?? null;
    const storage = app.deps.photoStorage;
    if (storage.presignUpload) {
      // Object storage takes the bytes itself; they are checked when the photo is first read or used.
      const uploadURL = await storage.presignUpload(storageKey, UPLOAD_URL_TTL_SECONDS);
      await insertPendingPhoto(db, { id, ownerId, storageKey, tokenHash: null, expiresAt }, now);
      return { uploadURL, photoURL: photoUrl(id) };
    }
    const token = newToken();
    await insertPendingPhoto(db, { id, ownerId, storageKey, tokenHash: hashToken(token), expiresAt }, now);
    return { uploadURL: `${app.deps.config.publicUrl}/api/uploads/${token}`, photoURL: photoUrl(id) };
  });

  await app.register(async (raw) => {
    // The photo arrives as the raw request body, whatever type it declares; its bytes decide.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    raw.put("/uploads/:token", async (request) => {
      const { token } = parseInput(TokenParamsSchema, request.params);
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0)
        throw new AppError("bad_request", messages.photoEmpty);
      const type = sniffImageType(bytes);
      if (!type) {
        throw new AppError("unsupported_media_type", messages.photoNotAnUpload);
      }
      const now = app.deps.now();
      const photo = await consumeUploadToken(db, hashToken(token), now);
      if (!photo) throw new AppError("not_found", "Request has expired");
      await app.deps.photoStorage.put(photo.storage_key, bytes);
      await storePrintCopy(app.deps.photoStorage, request.log, photo.storage_key, {
        data: bytes,
        contentType: type,
      });
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      await markPhotoUploaded(db, photo.id, { contentType: type, bytes: bytes.length, sha256 }, now);
      return { photoURL: photoUrl(photo.id) };
    });
  });

  app.get("/photos/:id", async (request, reply) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const photo = await readPhoto(app, id, viewAccessOf(request));
    if (!photo) throw new AppError("not_found", messages.photoNotFound);
    return reply
      .type(photo.contentType)
      .header("cache-control", "private, max-age=31536000, immutable")
      .send(photo.bytes);
  });
};
