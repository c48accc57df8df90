/** The multipart body of a CAD version: `description`, then the `images`, then the optional `model`. */
export function buildCadFormData(images: readonly File[], model: File | null, description: string): FormData {
  const form = new FormData();
  form.append("description", description);
  for (const file of images) form.append("images", file, file.name);
  if (model) form.append("model", model, model.name);
  return form;
}

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s).length;
/** "--" + a browser boundary (about 40 characters) + CRLF. */
const BOUNDARY_LINE = 2 + 40 + 2;

export interface UploadLayout {
  total: number;
  /** Where each file's bytes sit in the request body (images in order, then the model). */
  files: { start: number; end: number }[];
}

/** Where each file lies in the body built by `buildCadFormData`, from the sizes of its parts. */
export function cadUploadLayout(images: readonly File[], model: File | null, description: string): UploadLayout {
  let offset = BOUNDARY_LINE + bytes('Content-Disposition: form-data; name="description"\r\n\r\n') + bytes(description) + 2;
  const part = (field: string, file: File) => {
    const head =
      BOUNDARY_LINE +
      bytes(
        `Content-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type || "application/octet-stream"}\r\n\r\n`,
      );
    const start = offset + head;
    offset = start + file.size + 2;
    return { start, end: start + file.size };
  };
  const files = images.map((file) => part("images", file));
  if (model) files.push(part("model", model));
  return { total: offset + BOUNDARY_LINE + 2, files };
}

/** Each file's share sent so far, from the overall fraction the browser reports for the one request. */
export function fileProgress(layout: UploadLayout, fraction: number): number[] {
  const sent = Math.min(1, Math.max(0, fraction)) * layout.total;
  return layout.files.map(({ start, end }) =>
    end <= start ? (sent >= end ? 1 : 0) : Math.min(1, Math.max(0, (sent - start) / (end - start))),
  );
}
