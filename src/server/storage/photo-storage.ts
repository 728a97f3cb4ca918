import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

/** Where photo bytes live. Keys are made by the server ("photos/<uuid>"), never taken from a request. */
export interface PhotoStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

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
    get: (key) => readFile(pathOf(key)),
    delete: (key) => rm(pathOf(key), { force: true }),
  };
}

export function defaultPhotoRoot(dataDir: string): string {
  return join(dataDir, "uploads");
}
