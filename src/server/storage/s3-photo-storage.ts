import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Config } from "../config";
import { PhotoNotFoundError, type PhotoStorage } from "./photo-storage";

export type S3Settings = NonNullable<Config["s3"]>;

/** The client for the configured bucket: credentials from the settings, or the SDK's usual chain without them. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Otherwise a presigned PUT would carry the checksum of an empty body, and the store would refuse the photo.
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Photos in an S3-compatible bucket. The browser PUTs each photo straight to the bucket through a presigned URL
 * (the spec's upload-URL-then-PUT flow), so the bytes never pass through this server on the way in; they are
 * read back from the bucket and checked before any form uses them.
 */
export function s3PhotoStorage(settings: S3Settings, client: S3Client = s3Client(settings)): PhotoStorage {
  const Bucket = settings.bucket;
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new PhotoNotFoundError(key);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (statusOf(error) === 404) throw new PhotoNotFoundError(key);
        throw error;
      }
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    presignUpload: (key, expiresInSeconds) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key }), { expiresIn: expiresInSeconds }),
  };
}
