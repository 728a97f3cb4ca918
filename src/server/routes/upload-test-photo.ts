import type { FastifyInstance } from "fastify";

/**
 * For tests: uploads a photo the way the browser does (ask for an upload URL, PUT the bytes to it) and returns
 * the URL a check sheet lists it by. Throws when either step is refused.
 */
export async function uploadTestPhoto(
  app: FastifyInstance,
  options: { origin: string; bytes: Buffer; cookie?: string },
): Promise<string> {
  const headers = { origin: options.origin, ...(options.cookie ? { cookie: options.cookie } : {}) };
  const slot = await app.inject({ method: "POST", url: "/api/objects/upload", headers });
  if (slot.statusCode !== 200) throw new Error(`upload URL refused: ${slot.statusCode} ${slot.body}`);
  const { uploadURL, photoURL } = slot.json() as { uploadURL: string; photoURL: string };
  const put = await app.inject({
    method: "PUT",
    url: new URL(uploadURL).pathname,
    payload: options.bytes,
    headers: { ...headers, "content-type": "image/jpeg" },
  });
  if (put.statusCode !== 200) throw new Error(`upload refused: ${put.statusCode} ${put.body}`);
  return photoURL;
}
