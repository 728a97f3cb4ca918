import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "./s3-photo-storage";

export interface TestS3 {
  settings: S3Settings;
  /** The environment that points the app's configuration at this store. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * For tests: a real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, its files in a
 * temporary folder that `stop()` removes.
 */
export async function startTestS3(bucket = "plant-sheets-photos"): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), "plant-sheets-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket,
    region: "us-east-1",
    endpoint,
    // s3rver's fixed development credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
