/// <reference lib="webworker" />
import type { CadModelFormat } from "@atelier/contract";
import type { CameraState } from "../lib/camera";
import type { MetalFinish } from "../lib/metals";
import { ModelError, parseModel } from "./parse-model";
import type { RenderStage } from "./render-stage";

/**
 * The model worker: reads 3D files and draws them. The page hands each viewer's canvas over
 * (`transferControlToOffscreen`) with "open", then the file's bytes with "model"; from then on it
 * sends only the camera and the canvas's size. Reading, WebGL's set-up (shader compilation, the
 * environment) and drawing all happen here, so the page's thread never waits on them.
 */
export type ViewerRequest =
  | { type: "open"; id: number; canvas: OffscreenCanvas; metal: MetalFinish; width: number; height: number; pixelRatio: number }
  | { type: "model"; id: number; format: CadModelFormat; buffer: ArrayBuffer; ring: boolean }
  | { type: "camera"; id: number; camera: CameraState }
  | { type: "resize"; id: number; width: number; height: number; pixelRatio: number }
  | { type: "close"; id: number };

/** Timings of the worker's parts, in milliseconds, for `npm run bench:web -- --cad`. */
export interface WorkerTimings {
  /** WebGL context, environment and shader compilation (overlaps the download). */
  setup: number;
  parse: number;
  /** From the model's arrival on the stage to its first frame. */
  firstFrame: number;
}

export type ViewerReply =
  | { type: "parsed"; id: number; radius: number; size: [number, number, number]; innerDiameter: number | null; triangles: number }
  | { type: "frame"; id: number; timings: WorkerTimings }
  | { type: "error"; id: number; message: string };

const WEBGL_UNAVAILABLE = "This browser cannot show 3D models (WebGL is turned off or unavailable).";

interface Viewer {
  stage: RenderStage | null;
  /** The stage's module and set-up; a model that arrives first waits for it. */
  ready: Promise<RenderStage | null>;
  closed: boolean;
  setupMs: number;
  /** The canvas's latest size (it may change while the stage is being set up). */
  size: { width: number; height: number; pixelRatio: number };
}

const viewers = new Map<number, Viewer>();
const post = (reply: ViewerReply, transfer: Transferable[] = []) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply, transfer);

function open(request: Extract<ViewerRequest, { type: "open" }>): void {
  const { width, height, pixelRatio } = request;
  const viewer: Viewer = { stage: null, ready: Promise.resolve(null), closed: false, setupMs: 0, size: { width, height, pixelRatio } };
  viewer.ready = import("./render-stage").then(({ RenderStage }) => {
    if (viewer.closed) return null;
    const started = performance.now();
    try {
      const { width, height, pixelRatio } = viewer.size;
      viewer.stage = new RenderStage(request.canvas, request.metal, width, height, pixelRatio);
    } catch (err) {
      console.warn("WebGL set-up failed", err);
      post({ type: "error", id: request.id, message: WEBGL_UNAVAILABLE });
      return null;
    }
    viewer.setupMs = performance.now() - started;
    return viewer.stage;
  });
  viewers.set(request.id, viewer);
}

async function showModel(request: Extract<ViewerRequest, { type: "model" }>): Promise<void> {
  const viewer = viewers.get(request.id);
  if (!viewer) return;
  const started = performance.now();
  let model;
  try {
    model = await parseModel(request.format, request.buffer, { ring: request.ring });
  } catch (err) {
    const message = err instanceof ModelError ? err.message : "This 3D file could not be read.";
    if (!(err instanceof ModelError)) console.warn("model parse failed", err);
    if (!viewer.closed) post({ type: "error", id: request.id, message });
    return;
  }
  const parseMs = performance.now() - started;
  const stage = await viewer.ready;
  if (!stage || viewer.closed) return;
  const placed = performance.now();
  stage.onFirstFrame = () => {
    if (!viewer.closed) post({ type: "frame", id: request.id, timings: { setup: viewer.setupMs, parse: parseMs, firstFrame: performance.now() - placed } });
  };
  const radius = stage.setModel(model.positions, model.normals);
  post({ type: "parsed", id: request.id, radius, size: model.size, innerDiameter: model.innerDiameter, triangles: model.triangles });
}

self.onmessage = (event: MessageEvent<ViewerRequest>) => {
  const request = event.data;
  switch (request.type) {
    case "open":
      open(request);
      break;
    case "model":
      void showModel(request);
      break;
    case "camera":
      viewers.get(request.id)?.stage?.setCamera(request.camera);
      break;
    case "resize": {
      const viewer = viewers.get(request.id);
      if (!viewer || !request.width || !request.height) break;
      viewer.size = { width: request.width, height: request.height, pixelRatio: request.pixelRatio };
      viewer.stage?.resize(request.width, request.height, request.pixelRatio);
      break;
    }
    case "close": {
      const viewer = viewers.get(request.id);
      if (!viewer) break;
      viewers.delete(request.id);
      viewer.closed = true;
      viewer.stage?.dispose();
      viewer.stage = null;
      break;
    }
  }
};
