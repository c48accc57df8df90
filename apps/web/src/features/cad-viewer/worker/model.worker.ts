/// <reference lib="webworker" />
import type { CadModelFormat } from "@atelier/contract";
import { ModelError, parseModel, type ParsedModel } from "./parse-model";

export interface ParseRequest {
  id: number;
  format: CadModelFormat;
  buffer: ArrayBuffer;
  ring: boolean;
}
export type ParseReply =
  | ({ id: number; ok: true } & ParsedModel)
  | { id: number; ok: false; message: string };

/** Reads a 3D file off the page's thread and hands back typed arrays (transferred, not copied). */
self.onmessage = async (event: MessageEvent<ParseRequest>) => {
  const { id, format, buffer, ring } = event.data;
  try {
    const model = await parseModel(format, buffer, { ring });
    const reply: ParseReply = { id, ok: true, ...model };
    (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply, [model.positions.buffer, model.normals.buffer]);
  } catch (err) {
    const message = err instanceof ModelError ? err.message : "This 3D file could not be read.";
    if (!(err instanceof ModelError)) console.warn("model parse failed", err);
    const reply: ParseReply = { id, ok: false, message };
    self.postMessage(reply);
  }
};
