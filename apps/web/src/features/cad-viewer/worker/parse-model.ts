import type { CadModelFormat } from "@atelier/contract";
import type { OcctModule } from "occt-import-js";
import type { Brep, Extrusion, Mesh as RhinoMesh, RhinoModule } from "rhino3dm";
import type { Object3D, Mesh as ThreeMesh } from "three";
import { boundingBox, creasedNormals, ringInnerDiameter, toViewerSpace, triangleSoup, type MeshPart, type Vec3 } from "../lib/geometry";

/** What the worker sends back: one triangle soup in millimetres, Y up, with its measurements. */
export interface ParsedModel {
  positions: Float32Array;
  normals: Float32Array;
  triangles: number;
  /** Width (X), height (Y) and depth (Z) of the bounding box, in millimetres. */
  size: Vec3;
  /** Inner diameter in millimetres when asked for a ring and the model is a band around a hole. */
  innerDiameter: number | null;
}

/** A file the viewer cannot show, with the sentence the customer reads. */
export class ModelError extends Error {}

const MM_PER_UNIT: Record<string, number> = {
  Microns: 0.001,
  Millimeters: 1,
  Centimeters: 10,
  Decimeters: 100,
  Meters: 1000,
  Inches: 25.4,
  Feet: 304.8,
  Mils: 0.0254,
  Microinches: 0.0000254,
};

interface Loaded {
  parts: MeshPart[];
  /** Millimetres per file unit. */
  scale: number | "gltf";
  zUp: boolean;
}

export async function parseModel(format: CadModelFormat, buffer: ArrayBuffer, options: { ring: boolean }): Promise<ParsedModel> {
  const loaded = await load(format, buffer);
  const soup = triangleSoup(loaded.parts);
  if (soup.length === 0) throw new ModelError("This 3D file has no surfaces to show.");
  for (let i = 0; i < soup.length; i++) if (!Number.isFinite(soup[i])) throw new ModelError("This 3D file has broken coordinates.");
  let scale = loaded.scale;
  if (scale === "gltf") {
    // glTF is in metres; an export in millimetres that forgot to convert is bigger than a metre.
    const b = boundingBox(soup);
    scale = Math.max(b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]) > 1 ? 1 : 1000;
  }
  const positions = toViewerSpace(soup, scale, loaded.zUp);
  const box = boundingBox(positions);
  return {
    positions,
    normals: creasedNormals(positions),
    triangles: positions.length / 9,
    size: [box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]],
    innerDiameter: options.ring ? ringInnerDiameter(positions, box) : null,
  };
}

async function load(format: CadModelFormat, buffer: ArrayBuffer): Promise<Loaded> {
  switch (format) {
    case "stl": {
      const { STLLoader } = await import("three/examples/jsm/loaders/STLLoader.js");
      const geometry = new STLLoader().parse(buffer);
      // STL has no unit: jewellery CAD and printing write millimetres, Z up.
      return { parts: [{ positions: geometry.getAttribute("position").array }], scale: 1, zUp: true };
    }
    case "obj": {
      const { OBJLoader } = await import("three/examples/jsm/loaders/OBJLoader.js");
      const group = new OBJLoader().parse(new TextDecoder().decode(buffer));
      return { parts: meshParts(group), scale: 1, zUp: false };
    }
    case "glb": {
      const { GLTFLoader } = await import("three/examples/jsm/loaders/GLTFLoader.js");
      const gltf = await new GLTFLoader().parseAsync(buffer, "");
      return { parts: meshParts(gltf.scene), scale: "gltf", zUp: false };
    }
    case "3dm":
      return loadRhino(buffer);
    case "step":
      return loadStep(buffer);
  }
}

/** Every mesh's triangles under a three.js object, with its world matrix. */
function meshParts(root: Object3D): MeshPart[] {
  root.updateMatrixWorld(true);
  const parts: MeshPart[] = [];
  root.traverse((o) => {
    if (!(o as ThreeMesh).isMesh) return;
    const geometry = (o as ThreeMesh).geometry;
    const position = geometry.getAttribute("position");
    if (!position) return;
    const positions = new Float32Array(position.count * 3);
    for (let i = 0; i < position.count; i++) {
      positions[i * 3] = position.getX(i);
      positions[i * 3 + 1] = position.getY(i);
      positions[i * 3 + 2] = position.getZ(i);
    }
    parts.push({ positions, index: geometry.index?.array ?? null, matrix: o.matrixWorld.elements });
  });
  return parts;
}

// The WebAssembly modules are fetched and compiled once per worker, from the app's own assets.
let rhinoModule: Promise<RhinoModule> | undefined;
let occtModule: Promise<OcctModule> | undefined;

async function loadRhino(buffer: ArrayBuffer): Promise<Loaded> {
  const rhino = await (rhinoModule ??= Promise.all([import("rhino3dm/rhino3dm.module.js"), import("rhino3dm/rhino3dm.wasm?url")]).then(
    ([{ default: rhino3dm }, { default: wasmUrl }]) => rhino3dm({ locateFile: () => wasmUrl }),
  ));
  const file = rhino.File3dm.fromByteArray(new Uint8Array(buffer));
  if (!file) throw new ModelError("This 3DM file could not be read.");
  const parts: MeshPart[] = [];
  const addMesh = (mesh: RhinoMesh | null | undefined) => {
    if (!mesh) return;
    const b = mesh.toThreejsBuffers(false) as { position: Float32Array; index: Uint32Array };
    parts.push({ positions: b.position, index: b.index });
  };
  const objects = file.objects();
  const { ObjectType, MeshType } = rhino;
  for (let i = 0; i < objects.count; i++) {
    const geometry = objects.get(i).geometry();
    switch (geometry.objectType) {
      case ObjectType.Mesh:
        addMesh(geometry as RhinoMesh);
        break;
      case ObjectType.Brep: {
        // rhino3dm cannot mesh a B-rep itself: it reads the render meshes Rhino saved with it.
        const faces = (geometry as Brep).faces();
        for (let f = 0; f < faces.count; f++) addMesh(faces.get(f).getMesh(MeshType.Any));
        break;
      }
      case ObjectType.Extrusion:
        addMesh((geometry as Extrusion).getMesh(MeshType.Any));
        break;
      default:
        break;
    }
  }
  const unit = file.settings().modelUnitSystem as unknown as { constructor?: { name?: string } };
  const unitName = Object.entries(rhino.UnitSystem).find(([, v]) => v === unit)?.[0] ?? "Millimeters";
  if (parts.length === 0)
    throw new ModelError("This 3DM file has no meshes to show. Save it from Rhino with render meshes, or export an STL.");
  return { parts, scale: MM_PER_UNIT[unitName] ?? 1, zUp: true };
}

interface OcctResult {
  success: boolean;
  meshes: { attributes: { position: { array: number[] } }; index?: { array: number[] } }[];
}

async function loadStep(buffer: ArrayBuffer): Promise<Loaded> {
  const occt = await (occtModule ??= Promise.all([import("occt-import-js"), import("occt-import-js/dist/occt-import-js.wasm?url")]).then(
    ([{ default: occtimportjs }, { default: wasmUrl }]) => occtimportjs({ locateFile: () => wasmUrl }),
  ));
  const result = occt.ReadStepFile(new Uint8Array(buffer), {
    linearUnit: "millimeter",
    linearDeflectionType: "bounding_box_ratio",
    linearDeflection: 0.002,
    angularDeflection: 0.3,
  }) as OcctResult;
  if (!result.success) throw new ModelError("This STEP file could not be read.");
  return {
    parts: result.meshes.map((m) => ({ positions: m.attributes.position.array, index: m.index?.array ?? null })),
    scale: 1,
    zUp: true,
  };
}
