import type { CadModelFormat } from "@atelier/contract";
import type { ParseReply, ParseRequest } from "../worker/model.worker";
import type { ParsedModel } from "../worker/parse-model";

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (m: ParsedModel) => void; reject: (e: Error) => void }>();

/** One worker for the page's models; the WebAssembly readers it loads stay warm between files. */
function getWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL("../worker/model.worker.ts", import.meta.url), { type: "module", name: "cad-model" });
  w.onmessage = (event: MessageEvent<ParseReply>) => {
    const reply = event.data;
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (reply.ok) job.resolve(reply);
    else job.reject(new Error(reply.message));
  };
  w.onerror = () => {
    for (const job of pending.values()) job.reject(new Error("This 3D file could not be read."));
    pending.clear();
    w.terminate();
    worker = null;
  };
  worker = w;
  return w;
}

/** Starts the worker (and its readers' code) ahead of the first file, beside the viewer's own code. */
export function warmUpModelWorker(): void {
  getWorker();
}

/** Parses a model file in the worker; the buffer is handed over (it is unusable here afterwards). */
export function parseModelInWorker(format: CadModelFormat, buffer: ArrayBuffer, ring: boolean): Promise<ParsedModel> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    const request: ParseRequest = { id, format, buffer, ring };
    getWorker().postMessage(request, [buffer]);
  });
}
