import { describe, expect, it } from "vitest";
import { fileProgress, uploadLayout } from "./design-upload";

const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: "image/png" });

describe("per-file upload progress", () => {
  const data = { name: "Ring", description: "Band" };
  const layout = uploadLayout(data, [file("a.png", 1000), file("b.png", 3000)]);

  it("places the files one after the other after the data part", () => {
    const [a, b] = layout.files;
    expect(a!.start).toBeGreaterThan(JSON.stringify(data).length);
    expect(a!.end - a!.start).toBe(1000);
    expect(b!.start).toBeGreaterThan(a!.end);
    expect(b!.end - b!.start).toBe(3000);
    expect(layout.total).toBeGreaterThan(b!.end);
  });

  it("derives each file's share from the overall fraction", () => {
    expect(fileProgress(layout, 0)).toEqual([0, 0]);
    expect(fileProgress(layout, 1)).toEqual([1, 1]);
    const afterA = (layout.files[0]!.end + 1) / layout.total;
    const [a, b] = fileProgress(layout, afterA);
    expect(a).toBe(1);
    expect(b).toBe(0);
    const midB = (layout.files[1]!.start + 1500) / layout.total;
    expect(fileProgress(layout, midB)[1]).toBeCloseTo(0.5, 2);
  });
});
