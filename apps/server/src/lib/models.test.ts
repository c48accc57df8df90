import { describe, expect, it } from "vitest";
import { claimedModelFormat, sniffModelFormat } from "./models.ts";

function binaryStl(triangles: number): Buffer {
  const buf = Buffer.alloc(84 + 50 * triangles);
  buf.write("binary stl made by the test", 0, "latin1");
  buf.writeUInt32LE(triangles, 80);
  return buf;
}

function glb(): Buffer {
  const buf = Buffer.alloc(20);
  buf.write("glTF", 0, "latin1");
  buf.writeUInt32LE(2, 4);
  buf.writeUInt32LE(buf.length, 8);
  return buf;
}

const text = (s: string) => Buffer.from(s, "latin1");

describe("sniffModelFormat", () => {
  it.each<[string, Buffer, string | null]>([
    ["binary STL", binaryStl(3), "stl"],
    ["ASCII STL", text("solid ring\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n  endloop\n endfacet\nendsolid ring\n"), "stl"],
    ["OBJ", text("# ring\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"), "obj"],
    ["GLB", glb(), "glb"],
    ["3DM", text("3D Geometry File Format        6\0\0rest"), "3dm"],
    ["STEP", text("ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('ring'),'2;1');\nENDSEC;\n"), "step"],
    ["a JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0]), null],
    ["plain text", text("hello, this is not a model at all\n"), null],
    ["HTML", text("<html><body>v 1 2 3</body></html>"), null],
    ["a binary STL whose size does not match its header", binaryStl(3).subarray(0, 150), null],
    ["a GLB whose length is wrong", Buffer.concat([glb(), Buffer.alloc(4)]), null],
  ])("%s", (_name, bytes, expected) => {
    expect(sniffModelFormat(bytes.subarray(0, 4096), bytes.length)).toBe(expected);
  });
});

describe("claimedModelFormat", () => {
  it("reads the extension, case-insensitively, with .stp as STEP", () => {
    expect(claimedModelFormat("Ring.STL")).toBe("stl");
    expect(claimedModelFormat("ring.stp")).toBe("step");
    expect(claimedModelFormat("ring.3dm")).toBe("3dm");
    expect(claimedModelFormat("ring.pdf")).toBeNull();
    expect(claimedModelFormat("ring")).toBeNull();
  });
});
