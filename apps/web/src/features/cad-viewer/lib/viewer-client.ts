import type { CadModelFormat } from "@atelier/contract";
import type { ViewerReply, ViewerRequest, WorkerTimings } from "../worker/model.worker";
import type { CameraState } from "./camera";
import type { MetalFinish } from "./metals";

/** What a viewer hears from the worker about its model. */
export interface ViewerEvents {
  onParsed: (model: { radius: number; size: [number, number, number]; innerDiameter: number | null; triangles: number }) => void;
  onFrame: (timings: WorkerTimings) => void;
  onError: (message: string) => void;
}

let worker: Worker | null = null;
let nextId = 1;
const listeners = new Map<number, ViewerEvents>();

/** One worker for the page's models: it reads them and draws them; its WebAssembly readers and three.js stay warm. */
function getWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL("../worker/model.worker.ts", import.meta.url), { type: "module", name: "cad-model" });
  w.onmessage = (event: MessageEvent<ViewerReply>) => {
    const reply = event.data;
    const events = listeners.get(reply.id);
    if (!events) return;
    if (reply.type === "parsed") events.onParsed(reply);
    else if (reply.type === "frame") events.onFrame(reply.timings);
    else events.onError(reply.message);
  };
  w.onerror = () => {
    for (const events of listeners.values()) events.onError("This 3D file could not be read.");
    listeners.clear();
    w.terminate();
    worker = null;
  };
  worker = w;
  return w;
}

/** Starts the worker (and its code) ahead of the first file, beside the viewer's own code. */
export function warmUpModelWorker(): void {
  getWorker();
}

/** Whether this browser can hand a canvas to a worker (every current browser; not Safari before 16.4). */
export const canDrawInWorker = () => typeof HTMLCanvasElement !== "undefined" && "transferControlToOffscreen" in HTMLCanvasElement.prototype;

/** One canvas drawn by the worker. The canvas is handed over: only the worker may draw on it afterwards. */
export class WorkerViewer {
  private readonly id = nextId++;
  private readonly worker = getWorker();
  private closed = false;

  constructor(canvas: HTMLCanvasElement, metal: MetalFinish, size: { width: number; height: number; pixelRatio: number }, events: ViewerEvents) {
    listeners.set(this.id, events);
    const offscreen = canvas.transferControlToOffscreen();
    this.send({ type: "open", id: this.id, canvas: offscreen, metal, ...size }, [offscreen]);
  }

  /** Reads the file's bytes in the worker and shows them (the buffer is handed over). */
  showModel(format: CadModelFormat, buffer: ArrayBuffer, ring: boolean): void {
    this.send({ type: "model", id: this.id, format, buffer, ring }, [buffer]);
  }

  setCamera(camera: CameraState): void {
    this.send({ type: "camera", id: this.id, camera });
  }

  resize(width: number, height: number, pixelRatio: number): void {
    this.send({ type: "resize", id: this.id, width, height, pixelRatio });
  }

  close(): void {
    if (this.closed) return;
    this.send({ type: "close", id: this.id });
    this.closed = true;
    listeners.delete(this.id);
  }

  private send(request: ViewerRequest, transfer: Transferable[] = []): void {
    if (!this.closed) this.worker.postMessage(request, transfer);
  }
}
