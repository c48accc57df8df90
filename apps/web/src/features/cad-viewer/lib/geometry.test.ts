import { describe, expect, it } from "vitest";
import { boundingBox, creasedNormals, ringInnerDiameter, toViewerSpace, triangleSoup } from "./geometry";

/** A band around the Z axis as a triangle soup: inner/outer radius, width, segments. */
function band(inner: number, outer: number, width: number, segments = 48, shiftX = 0): Float32Array {
  const out: number[] = [];
  const p = (r: number, i: number, z: number) => [shiftX + r * Math.cos((2 * Math.PI * i) / segments), r * Math.sin((2 * Math.PI * i) / segments), z];
  const quad = (a: number[], b: number[], c: number[], d: number[]) => out.push(...a, ...b, ...c, ...a, ...c, ...d);
  for (let i = 0; i < segments; i++) {
    const [z0, z1] = [-width / 2, width / 2];
    quad(p(inner, i, z0), p(inner, i, z1), p(inner, i + 1, z1), p(inner, i + 1, z0));
    quad(p(outer, i, z0), p(outer, i + 1, z0), p(outer, i + 1, z1), p(outer, i, z1));
    quad(p(inner, i, z1), p(outer, i, z1), p(outer, i + 1, z1), p(inner, i + 1, z1));
    quad(p(inner, i, z0), p(inner, i + 1, z0), p(outer, i + 1, z0), p(outer, i, z0));
  }
  return new Float32Array(out);
}

describe("triangleSoup", () => {
  it("expands indexed parts and applies their matrices", () => {
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0];
    const translate = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 20, 30, 1];
    const soup = triangleSoup([{ positions, index: [0, 1, 2, 2, 1, 0] }, { positions, matrix: translate }]);
    expect(Array.from(soup)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 10, 20, 30, 11, 20, 30, 10, 21, 30]);
  });
});

describe("toViewerSpace", () => {
  it("scales and turns Z up into Y up", () => {
    expect(Array.from(toViewerSpace(new Float32Array([1, 2, 3]), 10, true))).toEqual([10, 30, -20]);
    expect(Array.from(toViewerSpace(new Float32Array([1, 2, 3]), 1, false))).toEqual([1, 2, 3]);
  });
});

describe("creasedNormals", () => {
  it("keeps a cube's faces flat (90° edges are creases)", () => {
    // Two triangles of the cube's top face and one of its side, sharing an edge.
    const positions = new Float32Array([0, 1, 0, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0]);
    const n = creasedNormals(positions);
    expect(Array.from(n.subarray(0, 3)).map((v) => Math.round(v) + 0)).toEqual([0, 1, 0]);
    expect(Array.from(n.subarray(18, 21)).map((v) => Math.round(v) + 0)).toEqual([0, 0, -1]);
  });

  it("smooths a gentle bend", () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, -1, 1, 0, 0, 2, 0.2, 0, 1, 0, -1]);
    const n = creasedNormals(positions);
    // The shared corner (1, 0, 0) gets the same normal in both triangles.
    expect(n[3]).toBeCloseTo(n[9]!);
    expect(n[4]).toBeCloseTo(n[10]!);
  });
});

describe("ringInnerDiameter", () => {
  it("measures a plain band's hole, whichever the axis", () => {
    const soup = band(8.5, 10, 2);
    expect(ringInnerDiameter(soup)).toBeCloseTo(17 * Math.cos(Math.PI / 48), 1);
    const yUp = toViewerSpace(band(8.5, 10, 2), 1, true);
    expect(ringInnerDiameter(yUp)).toBeCloseTo(17 * Math.cos(Math.PI / 48), 1);
  });

  it("finds the hole when a setting on top shifts the bounding box", () => {
    const ring = band(8.5, 10, 2);
    const head = band(0, 2, 2, 12, 12); // a disc standing off the band, like a bezel
    const soup = new Float32Array([...ring, ...head]);
    expect(boundingBox(soup).max[0]).toBeCloseTo(14);
    expect(ringInnerDiameter(soup)).toBeCloseTo(17 * Math.cos(Math.PI / 48), 1);
  });

  it("gives nothing for a solid piece", () => {
    expect(ringInnerDiameter(band(0, 10, 2))).toBeNull();
  });
});
