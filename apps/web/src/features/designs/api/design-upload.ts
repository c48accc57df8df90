import type { DesignInput } from "@atelier/contract";

/** The multipart body of a design create or edit (spec §7): a `data` JSON field, then repeated `images` files. */
export function buildDesignFormData(data: DesignInput, images: readonly File[]): FormData {
  const form = new FormData();
  form.append("data", JSON.stringify(data));
  for (const file of images) form.append("images", file, file.name);
  return form;
}

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s).length;
/** "--" + a browser boundary (about 40 characters) + CRLF. */
const BOUNDARY_LINE = 2 + 40 + 2;

export interface UploadLayout {
  total: number;
  /** Where each file's bytes sit in the request body. */
  files: { start: number; end: number }[];
}

/** Where each file lies in the multipart body built by `buildDesignFormData`, from the sizes of its parts. */
export function uploadLayout(data: DesignInput, images: readonly File[]): UploadLayout {
  let offset = BOUNDARY_LINE + bytes('Content-Disposition: form-data; name="data"\r\n\r\n') + bytes(JSON.stringify(data)) + 2;
  const files = images.map((file) => {
    const head = BOUNDARY_LINE + bytes(`Content-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.type || "application/octet-stream"}\r\n\r\n`);
    const start = offset + head;
    offset = start + file.size + 2;
    return { start, end: start + file.size };
  });
  return { total: offset + BOUNDARY_LINE + 2, files };
}

/** Each file's share sent so far, from the overall fraction the browser reports for the one request. */
export function fileProgress(layout: UploadLayout, fraction: number): number[] {
  const sent = Math.min(1, Math.max(0, fraction)) * layout.total;
  return layout.files.map(({ start, end }) => (end <= start ? (sent >= end ? 1 : 0) : Math.min(1, Math.max(0, (sent - start) / (end - start)))));
}
