import type { CadModelFormat } from "@atelier/contract";

/** Bytes of a file's head the model check reads. */
export const MODEL_SNIFF_BYTES = 4096;

const ascii = (head: Uint8Array, start: number, end: number) => Buffer.from(head.subarray(start, end)).toString("latin1");

/**
 * The 3D format of a file from its content (never its name), or null. `size` is the whole file's
 * length: a binary STL's is fixed by the triangle count in its header.
 */
export function sniffModelFormat(head: Uint8Array, size: number): CadModelFormat | null {
  if (size < 12) return null;
  if (ascii(head, 0, 4) === "glTF") {
    const view = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
    return view.readUInt32LE(4) === 2 && view.readUInt32LE(8) === size ? "glb" : null;
  }
  const text = ascii(head, 0, Math.min(head.length, MODEL_SNIFF_BYTES)).replace(/^\uFEFF|^\xEF\xBB\xBF/, "");
  if (text.startsWith("3D Geometry File Format ")) return "3dm";
  if (/^\s*ISO-10303-21;/.test(text)) return "step";
  if (size >= 84 && head.length >= 84) {
    const triangles = Buffer.from(head.buffer, head.byteOffset, head.byteLength).readUInt32LE(80);
    if (triangles > 0 && 84 + triangles * 50 === size) return "stl";
  }
  const isText = !text.includes("\0");
  if (isText && /^\s*solid\b/.test(text) && /\bfacet\s+normal\b|\bendsolid\b/.test(text)) return "stl";
  if (isText && /^v\s+-?\d/m.test(text) && /^(?:v|vn|vt|f|o|g|s|mtllib|usemtl|#)(?:\s|$)/m.test(text) && !/<\w+[\s>]/.test(text))
    return "obj";
  return null;
}

const EXTENSIONS: Record<string, CadModelFormat> = { stl: "stl", obj: "obj", glb: "glb", "3dm": "3dm", step: "step", stp: "step" };

/** The format a file's name claims (".stp" is STEP), or null for another or no extension. */
export function claimedModelFormat(fileName: string): CadModelFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  return EXTENSIONS[ext] ?? null;
}
