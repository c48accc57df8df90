import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { DESIGN_EDITABLE_ORDER_STATUSES, type CadModelFormat, type Paginated, type Upload } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { uploads as uploadsTable } from "../../db/schema/index.ts";
import { assertCanAccess, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { IMAGE_FORMATS, processImage, UnreadableImageError, type ImageFormat, type ProcessedImage } from "../../lib/images.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { FileUrlSigner } from "../../lib/signed-url.ts";
import { sweepTempFolder } from "../../lib/multipart.ts";
import { deleteQuietly, StorageNotFoundError, StorageUnavailableError, type Storage } from "../../lib/storage.ts";
import type { StagedAttachment, StagedImage } from "./multipart.ts";
import { sweepStorage, type SweepStorageDeps } from "./storage-sweep.ts";
import { unreadableImageMessage } from "./upload-messages.ts";
import * as repo from "./uploads.repository.ts";
import type { UploadRow } from "./uploads.repository.ts";

export type { UploadRow };

export interface UploadsServiceDeps {
  db: Db;
  /**
   * Called in the transaction before one of a design's images is deleted: refuses (409) once the
   * design's order is past `initiated` (holding the order's lock) and marks the design updated.
   * Wired by the composition root to the orders and designs services.
   */
  beforeDesignImageRemoved?: (tx: Db, designId: string) => Promise<unknown>;
  storage: Storage;
  signer: FileUrlSigner;
  clock: Clock;
  publicUrl: string;
  /** Where multipart files wait while a request is processed. */
  tmpDir: string;
  /** The start-up sweep keeps temporary files touched this recently (another instance's, when DATA_DIR is shared); 0 sweeps all. */
  tmpSweepAgeMs?: number;
}

/** Files of one request, processed and stored but not yet attached to anything. */
export interface IngestedBatch {
  /** Upload ids in the order the files came. */
  uploadIds: string[];
  /** Undoes the batch: removes its stored files and its upload rows. */
  discard(): Promise<void>;
}

export interface SignedImageUrls {
  image: string;
  thumbnail: string;
  preview: string;
}

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
  /** Seconds a browser may keep it: until the URL that asked for it expires. */
  maxAgeSeconds: number;
  /** A file name for `content-disposition`. */
  fileName: string;
}

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  // CAD versions' 3D files (checked by content on upload).
  stl: "model/stl",
  obj: "model/obj",
  glb: "model/gltf-binary",
  "3dm": "model/vnd.3dm",
  step: "model/step",
  // Certificates and message attachments (PDF by content).
  pdf: "application/pdf",
};

/** The upload kind of each folder's images. */
const INGEST_KINDS = { designs: "design_image", cad: "cad_image", gallery: "gallery_image", messages: "message_attachment" } as const;

/** A 3D file accepted by content, waiting in a temporary file. */
export interface StagedModel {
  tmpPath: string;
  fileName: string;
  size: number;
  format: CadModelFormat;
}

/** A certificate's file accepted by content (a PDF, or an image to re-encode), waiting in a temporary file. */
export interface StagedDocument {
  tmpPath: string;
  fileName: string;
  size: number;
  format: "pdf" | ImageFormat;
}

/** A stored document's name, type, size and signed URL. */
export interface DocumentFile {
  fileName: string;
  contentType: string;
  size: number;
  url: string;
}

export interface DesignImageUrls {
  designId: string;
  width: number | null;
  height: number | null;
  urls: SignedImageUrls & { id: string };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

export function createUploadsService(deps: UploadsServiceDeps) {
  const { db, storage, signer, clock } = deps;

  function signedUrls(row: Pick<UploadRow, "status" | "storageKey" | "thumbnailKey" | "previewKey">): SignedImageUrls | null {
    if (row.status !== "completed" || !row.storageKey || !row.thumbnailKey || !row.previewKey) return null;
    return { image: signer.sign(row.storageKey), thumbnail: signer.sign(row.thumbnailKey), preview: signer.sign(row.previewKey) };
  }

  function toUploadResponse(row: UploadRow, designName: string | null, orderStatus: string | null): Upload {
    const urls = signedUrls(row);
    return {
      id: row.id,
      file_name: row.fileName,
      size: row.size,
      content_type: row.contentType,
      status: row.status,
      design_id: row.designId,
      design_name: designName,
      url: urls?.image ?? (row.status === "completed" && row.storageKey ? signer.sign(row.storageKey) : null),
      thumbnail: urls?.thumbnail ?? null,
      created_at: row.createdAt.toISOString(),
      deletable:
        row.kind !== "gallery_image" &&
        row.kind !== "certificate" &&
        row.kind !== "message_attachment" &&
        (orderStatus === null || (DESIGN_EDITABLE_ORDER_STATUSES as readonly string[]).includes(orderStatus)),
    };
  }

  const keysOf = (row: Pick<UploadRow, "storageKey" | "thumbnailKey" | "previewKey">) =>
    [row.storageKey, row.thumbnailKey, row.previewKey].filter((k): k is string => Boolean(k));

  /** Stores an image's three objects (the re-encoded original and its two previews). */
  async function putImage(keys: { storageKey: string; previewKey: string; thumbnailKey: string }, image: ProcessedImage) {
    await storage.put(keys.storageKey, image.original, { contentType: image.contentType });
    await storage.put(keys.previewKey, image.thumbnails[1024], { contentType: "image/webp" });
    await storage.put(keys.thumbnailKey, image.thumbnails[320], { contentType: "image/webp" });
  }

  /** Stores a file as it came (it was checked by content) under `key`; the caller attaches or discards it. */
  async function storeAsSent(
    userId: string,
    kind: string,
    file: { fileName: string; size: number; tmpPath: string },
    contentType: string,
    key: string,
  ): Promise<IngestedBatch> {
    const [row] = await repo.insertUploads(db, [{ userId, kind, fileName: file.fileName, size: file.size, contentType, status: "processing" }]);
    if (!row) throw new Error("insert returned no row");
    const discard = async () => {
      await deleteQuietly(storage, [key]);
      await repo.deleteUploads(db, [row.id]);
    };
    try {
      // Streamed from the temporary file: a 50 MB model is never held whole in memory.
      await storage.put(key, fs.createReadStream(file.tmpPath), { contentType });
      await db.update(uploadsTable).set({ storageKey: key, updatedAt: clock.now() }).where(eq(uploadsTable.id, row.id));
    } catch (err) {
      await discard();
      throw err;
    } finally {
      await fsp.rm(file.tmpPath, { force: true });
    }
    return { uploadIds: [row.id], discard };
  }

  return {
    tmpDir: deps.tmpDir,
    storage,
    signedUrls,
    /** Changes when signed URLs would come out different (a cached answer holding them is then stale). */
    urlEpoch: () => signer.epoch(),
    keysOf,

    // ---- a design's images, for the designs module (in the caller's transaction) ----

    /** The completed images of these designs, in position order. */
    designImages: (tx: Db, designIds: string[]) => repo.listDesignImages(tx, designIds),
    /** Every upload of a design, whatever its status (for deleting the design's files). */
    uploadsOfDesign: (tx: Db, designId: string) => repo.listUploadsOfDesign(tx, designId),
    /** Attaches an ingested batch to a design from `firstPosition`; answers how many rows it attached. */
    attachToDesign: (tx: Db, uploadIds: string[], designId: string, firstPosition: number, at: Date) =>
      repo.attachUploads(tx, uploadIds, designId, firstPosition, at),
    /** Deletes upload rows (their files are the caller's to delete after the commit, with `keysOf`). */
    deleteRows: (tx: Db, ids: string[]) => repo.deleteUploads(tx, ids),

    /**
     * Records the files as uploads (pending), then one by one strips their metadata, makes the
     * thumbnails and stores the three objects (processing). The caller attaches the batch in its
     * own transaction (completed) or discards it. A file that cannot be decoded stays in the
     * history as failed; then, unless `skipUnreadable` (a link design's photos, which the shopper
     * did not choose one by one), the rest of the batch is undone and a ValidationError is thrown.
     * Any other failure undoes the batch and removes the files still waiting.
     */
    async ingestImages(
      userId: string,
      files: StagedImage[],
      folder: "designs" | "cad" | "gallery" | "messages",
      options: { skipUnreadable?: boolean } = {},
    ): Promise<IngestedBatch> {
      const kind = INGEST_KINDS[folder];
      const rows = await repo.insertUploads(
        db,
        files.map((f) => ({
          userId,
          kind,
          fileName: f.fileName,
          size: f.size,
          contentType: IMAGE_FORMATS[f.format].contentType,
          status: "pending" as const,
        })),
      );
      const uploadIds = rows.map((r) => r.id);
      const storedKeys: string[] = [];
      const failedIds = new Set<string>();
      const discard = async () => {
        await deleteQuietly(storage, storedKeys);
        await repo.deleteUploads(
          db,
          uploadIds.filter((id) => !failedIds.has(id)),
        );
      };

      for (const [i, file] of files.entries()) {
        const id = uploadIds[i]!;
        try {
          await repo.setUploadStatus(db, id, "processing", clock.now());
          const image = await processImage(file.tmpPath, file.format);
          const base = `users/${userId}/${folder}/${crypto.randomUUID()}`;
          const keys = { storageKey: `${base}.${image.ext}`, previewKey: `${base}_1024.webp`, thumbnailKey: `${base}_320.webp` };
          storedKeys.push(keys.storageKey, keys.previewKey, keys.thumbnailKey);
          await putImage(keys, image);
          await repo.setUploadFiles(db, id, { ...keys, width: image.width, height: image.height }, clock.now());
        } catch (err) {
          // A store that is down is no fault of the file: its row goes with the rest of the batch.
          if (!(err instanceof StorageUnavailableError)) {
            failedIds.add(id);
            const reason = err instanceof Error ? err.message.slice(0, 500) : "processing failed";
            await repo.setUploadStatus(db, id, "failed", clock.now(), reason).catch(() => undefined);
          }
          if (err instanceof UnreadableImageError && options.skipUnreadable) continue;
          await discard();
          await Promise.all(files.slice(i + 1).map((f) => fsp.rm(f.tmpPath, { force: true })));
          if (err instanceof UnreadableImageError) throw new ValidationError({ images: [unreadableImageMessage(file.fileName)] });
          throw err;
        } finally {
          await fsp.rm(file.tmpPath, { force: true });
        }
      }
      return { uploadIds: uploadIds.filter((id) => !failedIds.has(id)), discard };
    },

    /** Stores a CAD version's 3D file as it came (it was checked by content); the caller attaches or discards it. */
    async ingestModel(userId: string, file: StagedModel): Promise<IngestedBatch> {
      const contentType = CONTENT_TYPES[file.format] ?? "application/octet-stream";
      return storeAsSent(userId, "cad_model", file, contentType, `users/${userId}/cad/${crypto.randomUUID()}.${file.format}`);
    },

    /**
     * Stores a certificate under users/<id>/certificates/: a PDF as it came (it was checked by
     * content), an image re-encoded without its metadata (with thumbnails, like every image).
     * The caller completes it in its transaction (`completeStandalone`) or discards it.
     */
    async ingestDocument(userId: string, file: StagedDocument): Promise<IngestedBatch> {
      const base = `users/${userId}/certificates/${crypto.randomUUID()}`;
      if (file.format === "pdf") return storeAsSent(userId, "certificate", file, "application/pdf", `${base}.pdf`);
      const [row] = await repo.insertUploads(db, [
        { userId, kind: "certificate", fileName: file.fileName, size: file.size, contentType: IMAGE_FORMATS[file.format].contentType, status: "processing" },
      ]);
      if (!row) throw new Error("insert returned no row");
      const stored: string[] = [];
      const discard = async () => {
        await deleteQuietly(storage, stored);
        await repo.deleteUploads(db, [row.id]);
      };
      try {
        const image = await processImage(file.tmpPath, file.format);
        const keys = { storageKey: `${base}.${image.ext}`, previewKey: `${base}_1024.webp`, thumbnailKey: `${base}_320.webp` };
        stored.push(keys.storageKey, keys.previewKey, keys.thumbnailKey);
        await putImage(keys, image);
        await repo.setUploadFiles(db, row.id, { ...keys, width: image.width, height: image.height }, clock.now());
      } catch (err) {
        await discard();
        if (err instanceof UnreadableImageError) {
          throw new ValidationError({ file: [unreadableImageMessage(file.fileName)] });
        }
        throw err;
      } finally {
        await fsp.rm(file.tmpPath, { force: true });
      }
      return { uploadIds: [row.id], discard };
    },

    /** Stored documents (certificates) by upload id, with signed URLs; missing or unfinished ones are left out. */
    async documentFiles(from: Db, ids: string[]): Promise<Map<string, DocumentFile>> {
      const rows = await repo.findUploads(from, ids);
      return new Map(
        rows.flatMap((r) =>
          r.storageKey && r.status === "completed"
            ? [[r.id, { fileName: r.fileName, contentType: r.contentType, size: r.size, url: signer.sign(r.storageKey) }] as const]
            : [],
        ),
      );
    },

    /**
     * A message's attachments: images are processed like every image (EXIF stripped, previews
     * made), PDFs are kept as sent (they were recognised by content). The caller attaches the
     * batch to its message in its transaction, or discards it.
     */
    async ingestAttachments(userId: string, files: StagedAttachment[]): Promise<IngestedBatch> {
      const batches: IngestedBatch[] = [];
      const discardAll = async () => {
        for (const b of batches) await b.discard();
      };
      try {
        const images = files.flatMap((f) => (f.type === "image" ? [f] : []));
        if (images.length > 0) batches.push(await this.ingestImages(userId, images, "messages"));
        for (const f of files) {
          if (f.type !== "pdf") continue;
          batches.push(await storeAsSent(userId, "message_attachment", f, CONTENT_TYPES.pdf!, `users/${userId}/messages/${crypto.randomUUID()}.pdf`));
        }
      } catch (err) {
        await discardAll();
        throw err;
      } finally {
        await Promise.all(files.map((f) => fsp.rm(f.tmpPath, { force: true })));
      }
      return { uploadIds: batches.flatMap((b) => b.uploadIds), discard: discardAll };
    },

    attachToMessage: (tx: Db, ids: string[], messageId: string) => repo.attachMessageUploads(tx, ids, messageId, clock.now()),

    /** The attachments of these messages with their signed URLs, in order. */
    async messageAttachments(from: Db, messageIds: string[]) {
      const rows = await repo.listMessageFiles(from, messageIds);
      return rows.flatMap((r) => {
        if (!r.storageKey || !r.messageId) return [];
        return [
          {
            messageId: r.messageId,
            id: r.id,
            file_name: r.fileName,
            content_type: r.contentType,
            size: r.size,
            url: signer.sign(r.storageKey),
            thumbnail: r.thumbnailKey ? signer.sign(r.thumbnailKey) : null,
          },
        ];
      });
    },

    attachToCad: (tx: Db, ids: string[], cadDesignId: string) => repo.attachCadUploads(tx, ids, cadDesignId, clock.now()),

    /**
     * Images that belong to no design (the gallery's photographs): marks a processed batch
     * completed in the caller's transaction, so the start-up sweep never takes it for abandoned.
     */
    completeStandalone: (tx: Db, ids: string[]) => repo.completeUploads(tx, ids, clock.now()),

    /** Signed URLs of completed images by upload id (missing ids are left out). */
    async imageUrlsById(from: Db, ids: string[]): Promise<Map<string, SignedImageUrls>> {
      const rows = await repo.findUploads(from, ids);
      return new Map(
        rows.flatMap((r) => {
          const urls = signedUrls(r);
          return urls ? [[r.id, urls] as const] : [];
        }),
      );
    },

    /**
     * Deletes standalone uploads in the caller's transaction and returns the removal of their
     * files, to run once that transaction has committed.
     */
    async removeStandalone(tx: Db, ids: string[]): Promise<() => Promise<void>> {
      const rows = await repo.findUploads(tx, ids);
      await repo.deleteUploads(tx, rows.map((r) => r.id));
      const keys = rows.flatMap(keysOf);
      return () => deleteQuietly(storage, keys);
    },

    /** Signed URLs (and pixel size) of designs' reference images, in display order. */
    async designImageUrls(from: Db, designIds: string[]): Promise<DesignImageUrls[]> {
      const rows = await repo.listDesignImageFiles(from, designIds);
      return rows.flatMap((r) => {
        const urls = signedUrls(r);
        return urls && r.designId ? [{ designId: r.designId, width: r.width, height: r.height, urls: { id: r.id, ...urls } }] : [];
      });
    },

    /** CAD versions' files with their signed URLs. */
    async cadFiles(from: Db, cadIds: string[]) {
      const rows = await repo.listCadFiles(from, cadIds);
      return rows.map((r) => {
        const urls = r.kind === "cad_image" ? signedUrls(r) : null;
        return {
          id: r.id,
          cadDesignId: r.cadDesignId,
          kind: r.kind,
          fileName: r.fileName,
          size: r.size,
          urls: urls ? { id: r.id, ...urls } : null,
          modelUrl: r.kind === "cad_model" && r.storageKey ? signer.sign(r.storageKey) : null,
          format: r.storageKey ? path.extname(r.storageKey).slice(1) : "",
        };
      });
    },

    async list(actor: Actor, page: number): Promise<Paginated<Upload>> {
      const total = await repo.countUserUploads(db, actor.id);
      const baseUrl = `${deps.publicUrl}/api/uploads/`;
      toPage([], total, page, baseUrl); // 404 "Invalid page." before reading rows
      const { limit, offset } = pageWindow(page);
      const rows = await repo.listUserUploads(db, actor.id, limit, offset);
      return toPage(
        rows.map((r) => toUploadResponse(r.upload, r.designName, r.orderStatus)),
        total,
        page,
        baseUrl,
      );
    },

    /** Deletes an upload: it leaves its design and its files are removed once the row is gone. */
    async remove(actor: Actor, id: string): Promise<void> {
      const row = await db.transaction(async (tx) => {
        const found = assertCanAccess(actor, await repo.findUpload(tx, id, true));
        if (found.designId && deps.beforeDesignImageRemoved) await deps.beforeDesignImageRemoved(tx, found.designId);
        if (found.cadDesignId) throw new ConflictError("This file is part of an order's CAD version and cannot be deleted.");
        if (found.kind === "message_attachment") throw new ConflictError("This file was sent in a message and stays with the conversation.");
        if (found.kind === "gallery_image") throw new ConflictError("This photograph belongs to a gallery post: change it in the gallery.");
        if (found.kind === "certificate") throw new ConflictError("This file is an order's certificate: remove it from the order's certificates.");
        await repo.deleteUploads(tx, [found.id]);
        return found;
      });
      await deleteQuietly(storage, keysOf(row));
    },

    /**
     * Start-up clean-up after a crash: uploads a request left unfinished for an hour become
     * failed and lose their files, and the temporary folder is emptied (see sweepTempFolder).
     */
    async sweepAbandoned(maxAgeMs = 60 * 60 * 1000): Promise<number> {
      const before = new Date(clock.now().getTime() - maxAgeMs);
      const rows = await repo.failAbandonedUploads(db, before, clock.now());
      await deleteQuietly(storage, rows.flatMap(keysOf));
      await sweepTempFolder(deps.tmpDir, deps.tmpSweepAgeMs ?? 0);
      return rows.length;
    },

    /** Removes stored files no upload refers to (older than an hour) and logs uploads whose file is missing (see sweepStorage). */
    sweepStorage: (logger: SweepStorageDeps["logger"], minAgeMs?: number) => sweepStorage({ db, storage, clock, logger, ...(minAgeMs !== undefined && { minAgeMs }) }),

    /** The stored object a valid signed URL points at; anything else is "not found". */
    async openSignedFile(key: string, exp: string | undefined, sig: string | undefined): Promise<StoredFile> {
      const verified = signer.verify(key, exp, sig);
      if (!verified) throw new NotFoundError();
      const extension = path.extname(key).slice(1);
      const contentType = CONTENT_TYPES[extension];
      if (!contentType) throw new NotFoundError();
      const upload = /_(320|1024)\.webp$/.test(key) ? undefined : await repo.findUploadByStorageKey(db, key);
      const fileName = upload ? withExtension(upload.fileName, extension) : path.basename(key);
      // One request to the store (its size comes with the bytes).
      let file: { body: Readable; size: number };
      try {
        file = await storage.read(key);
      } catch (err) {
        if (err instanceof StorageNotFoundError) throw new NotFoundError();
        throw err;
      }
      const maxAgeSeconds = Math.max(0, verified.expiresAt - Math.floor(clock.now().getTime() / 1000));
      return { body: file.body, size: file.size, contentType, maxAgeSeconds, fileName };
    },
  };
}

/** "holiday.png" stored as JPEG downloads as "holiday.jpg". */
function withExtension(fileName: string, extension: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "image";
  return `${stem}.${extension}`;
}
