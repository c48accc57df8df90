import crypto from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertValidStorageKey, StorageNotFoundError, StorageUnavailableError, type Storage } from "../storage.ts";

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible server's address (MinIO, R2, ...); unset: AWS's own for the region. */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most S3-compatible servers want it). */
  forcePathStyle?: boolean | undefined;
  /** Tests only: production takes credentials from the AWS SDK's standard chain (environment, profile, instance role). */
  credentials?: S3ClientConfig["credentials"];
  /** Streams are sent in parts of this size (at most two parts are in memory at once). */
  partSize?: number;
  /** Objects per ListObjectsV2 page (1000, S3's maximum). */
  listPageSize?: number;
  /** Attempts per request before the store is deemed unavailable (3). */
  maxAttempts?: number;
  /** Where a store failure's cause is written (the answer to the client only says the store is unavailable). */
  logger?: { error(obj: object, msg: string): void };
}

export interface S3Storage extends Storage {
  readonly client: S3Client;
  readonly bucket: string;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/** The S3 client of these options; shared by the driver and `storage migrate`. */
export function createS3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region ?? "us-east-1",
    ...(options.endpoint !== undefined && { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials !== undefined && { credentials: options.credentials }),
    maxAttempts: options.maxAttempts ?? 3,
    // Checksums only where S3 requires them: many S3-compatible servers do not read the
    // aws-chunked trailers the SDK sends by default. Integrity: Content-MD5 on every whole-body put.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the request instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** Objects in one bucket; keys are the storage keys as they are (no prefix). */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = createS3Client(options);
  const { bucket } = options;
  // S3's smallest part: memory is bounded by the part size (measured: 15 MB of live buffers at the peak for a 50 MB stream, 35 MB for 100 or 200 MB).
  const partSize = Math.max(MIN_PART_SIZE, options.partSize ?? MIN_PART_SIZE);
  const listPageSize = options.listPageSize ?? 1000;

  /** Anything but "no such key" means the store cannot serve us: logged here, 503 to the client. */
  const unavailable = (err: unknown, operation: string, key: string) => {
    options.logger?.error({ err, operation, key, bucket }, "object storage request failed");
    return new StorageUnavailableError({ cause: err });
  };

  return {
    client,
    bucket,
    description: `S3 bucket ${bucket}${options.endpoint ? ` at ${options.endpoint}` : ""}`,

    async put(key, data, putOptions = {}) {
      assertValidStorageKey(key);
      const contentType = putOptions.contentType;
      if (!(data instanceof Readable)) {
        const body = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: body,
              ContentLength: body.byteLength,
              ContentMD5: crypto.createHash("md5").update(body).digest("base64"),
              ...(contentType && { ContentType: contentType }),
            }),
          );
        } catch (err) {
          throw unavailable(err, "put", key);
        }
        return { size: body.byteLength };
      }
      // A stream goes up in parts (one PutObject when it is smaller than a part): S3 shows the
      // object only once it is complete, and a failed multipart upload is aborted.
      let size = 0;
      let sourceError: Error | undefined;
      const counted = new PassThrough();
      data.on("error", (err: Error) => {
        sourceError = err;
        counted.destroy(err);
      });
      counted.on("error", () => undefined);
      data.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      data.pipe(counted);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: counted, ...(contentType && { ContentType: contentType }) },
        partSize,
        queueSize: 2,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        data.destroy();
        counted.destroy();
        if (sourceError !== undefined) throw sourceError;
        throw unavailable(err, "put", key);
      }
      if (sourceError !== undefined) throw sourceError;
      return { size };
    },

    async get(key) {
      return (await this.read(key)).body;
    },

    async read(key) {
      assertValidStorageKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(res.Body instanceof Readable)) throw new Error("S3 answered without a body stream.");
        return { body: res.Body, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) throw new StorageNotFoundError(key);
        throw unavailable(err, "get", key);
      }
    },

    async delete(key) {
      assertValidStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if (isNotFound(err)) return;
        throw unavailable(err, "delete", key);
      }
    },

    async exists(key) {
      return (await this.stat(key)) !== null;
    },

    async stat(key) {
      assertValidStorageKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw unavailable(err, "stat", key);
      }
    },

    async *list(prefix = "") {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, MaxKeys: listPageSize, ...(prefix && { Prefix: prefix }), ...(token && { ContinuationToken: token }) }),
          );
        } catch (err) {
          throw unavailable(err, "list", prefix);
        }
        for (const o of page.Contents ?? []) {
          if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
