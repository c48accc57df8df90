import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, type TestApp } from "../test/helpers.ts";
import { listening } from "../modules/events/test-support.ts";
import { staffToken, stl, submitDesign, toApproved, uploadCad } from "../modules/orders/test-support.ts";
import { jpeg, multipart } from "../modules/uploads/test-support.ts";
import { sweepTempFolder } from "./multipart.ts";

let t: TestApp;
let staff: string;
const tmpDir = () => path.join(t.dataDir, "tmp", "uploads");
const tempFiles = async () => (await fsp.readdir(tmpDir()).catch(() => [] as string[])).sort();

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
});
afterAll(async () => t.close());

describe("the multipart reader's temporary files", () => {
  it("are gone after a CAD upload the service refuses with 409 (the order is not ready for CAD)", async () => {
    const s = await submitDesign(t);
    const res = await uploadCad(t, staff, s.orderId, { model: { filename: "ring.stl", data: stl() } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/CAD versions are uploaded once the advance is confirmed/);
    expect(await tempFiles()).toEqual([]);
  });

  it("are gone after a CAD upload to an order that does not exist (404)", async () => {
    const res = await uploadCad(t, staff, "00000000-0000-4000-8000-000000000000", { model: { filename: "ring.stl", data: stl() } });
    expect(res.statusCode, res.body).toBe(404);
    expect(await tempFiles()).toEqual([]);
  });

  it("are gone after a form refused for one of its files, and after one accepted", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff, s);
    const refused = await uploadCad(t, staff, s.orderId, { model: { filename: "ring.stl", data: Buffer.from("not a model") } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await tempFiles()).toEqual([]);
    const accepted = await uploadCad(t, staff, s.orderId, { model: { filename: "ring.stl", data: stl() } });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await tempFiles()).toEqual([]);
  });

  it("are gone after a message with a file to a conversation that does not exist (404)", async () => {
    const body = multipart([
      { name: "text", value: "See the attached" },
      { name: "files", filename: "ref.jpg", data: await jpeg(), contentType: "image/jpeg" },
    ]);
    const res = await authedInject(t, staff, { method: "POST", url: "/api/messages/00000000-0000-4000-8000-000000000000/", ...body });
    expect(res.statusCode, res.body).toBe(404);
    expect(await tempFiles()).toEqual([]);
  });

  it("are gone when the client goes away in the middle of a file", async () => {
    const base = new URL(await listening(t));
    const boundary = "abortb0undary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const socket = net.connect(Number(base.port), base.hostname);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/designs/ HTTP/1.1\r\nHost: ${base.host}\r\nAuthorization: Token ${staff}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(Buffer.alloc(512 * 1024, 1));
    // The file is being written: wait until it is on disk, then hang up.
    for (let i = 0; i < 100 && (await tempFiles()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await tempFiles()).length).toBe(1);
    socket.destroy();
    for (let i = 0; i < 100 && (await tempFiles()).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await tempFiles()).toEqual([]);
  });
});

describe("the start-up sweep of the temporary folder", () => {
  it("empties it when the process is alone on DATA_DIR (what a crash left)", async () => {
    await fsp.mkdir(tmpDir(), { recursive: true });
    await fsp.writeFile(path.join(tmpDir(), "left-by-a-crash.upload"), "x");
    await t.services.uploads.sweepAbandoned();
    expect(await tempFiles()).toEqual([]);
  });

  it("keeps files touched recently when DATA_DIR is shared with other instances", async () => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "atelier-sweep-"));
    try {
      await fsp.writeFile(path.join(dir, "old.upload"), "x");
      await fsp.writeFile(path.join(dir, "fresh.upload"), "x");
      const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
      await fsp.utimes(path.join(dir, "old.upload"), anHourAgo, anHourAgo);
      expect(await sweepTempFolder(dir, 15 * 60 * 1000)).toBe(1);
      expect(await fsp.readdir(dir)).toEqual(["fresh.upload"]);
      expect(await sweepTempFolder(dir)).toBe(1);
      expect(await fsp.readdir(dir)).toEqual([]);
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  });
});
