import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

/** Raised by `PhotoStorage.get` when there is nothing stored under the key (yet). */
export class PhotoNotFoundError extends Error {
  constructor(key: string) {
    super(`No photo stored under ${key}`);
    this.name = "PhotoNotFoundError";
  }
}

/** Where photo bytes live. Keys are made by the server ("photos/<uuid>"), never taken from a request. */
export interface PhotoStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes; throws `PhotoNotFoundError` when there are none. */
  get(key: string): Promise<Buffer>;
  /** The stored size in bytes, or null when there is nothing under the key. */
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /**
   * Object storage takes the photo straight from the browser: a presigned URL to PUT it to, valid this long.
   * Absent when the bytes come through this server's own upload URL.
   */
  presignUpload?(key: string, expiresInSeconds: number): Promise<string>;
}

const isMissing = (error: unknown) => (error as { code?: unknown }).code === "ENOENT";

/** Photos as files under the data folder: the embedded default for one machine. */
export function localPhotoStorage(root: string): PhotoStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Storage key outside the photo folder: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written under a temporary name first so a reader never sees half a photo.
      const partial = `${path}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) throw new PhotoNotFoundError(key);
        throw error;
      }
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    delete: (key) => rm(pathOf(key), { force: true }),
  };
}

export function defaultPhotoRoot(dataDir: string): string {
  return join(dataDir, "uploads");
}
