/**
 * Plain typed-array geometry for the model worker: every format ends as one non-indexed triangle
 * soup in millimetres, Y up, so the page draws one mesh and measures it the same way.
 */

export type Vec3 = [number, number, number];
export interface Box3 {
  min: Vec3;
  max: Vec3;
}

/** A mesh part as a loader gives it: positions, optional triangle indices, optional 4×4 column-major matrix. */
export interface MeshPart {
  positions: ArrayLike<number>;
  index?: ArrayLike<number> | null;
  matrix?: ArrayLike<number> | null;
}

/** Joins parts into one non-indexed position array, applying each part's matrix. */
export function triangleSoup(parts: MeshPart[]): Float32Array {
  const cornerCount = ({ positions, index }: MeshPart) => {
    const n = index ? index.length : Math.floor(positions.length / 3);
    return n - (n % 3);
  };
  const out = new Float32Array(parts.reduce((sum, p) => sum + cornerCount(p), 0) * 3);
  let o = 0;
  for (const part of parts) {
    const { positions: src, index, matrix: m } = part;
    const count = cornerCount(part);
    for (let i = 0; i < count; i++) {
      const v = (index ? index[i]! : i) * 3;
      const x = src[v]!;
      const y = src[v + 1]!;
      const z = src[v + 2]!;
      if (m) {
        out[o] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        out[o + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        out[o + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
      } else {
        out[o] = x;
        out[o + 1] = y;
        out[o + 2] = z;
      }
      o += 3;
    }
  }
  return out;
}

/** Scales in place and turns a Z-up model (CAD's convention) to Y up (the viewer's): (x, y, z) → (x, z, −y). */
export function toViewerSpace(positions: Float32Array, scale: number, zUp: boolean): Float32Array {
  for (let i = 0; i < positions.length; i += 3) {
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    positions[i] = positions[i]! * scale;
    positions[i + 1] = (zUp ? z : y) * scale;
    positions[i + 2] = (zUp ? -y : z) * scale;
  }
  return positions;
}

export function boundingBox(positions: ArrayLike<number>): Box3 {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  return { min, max };
}

/**
 * Vertex normals that are smooth across gentle bends and sharp at creases (a polished band stays
 * round, a prong's edge stays crisp): a corner takes the area-weighted average of the faces at its
 * position that turn less than `creaseDegrees` from its own face.
 * Positions are welded through a hash of their quantised coordinates (no string keys: a 400 000
 * triangle model has 1.2 million corners).
 */
export function creasedNormals(positions: Float32Array, creaseDegrees = 40): Float32Array {
  const corners = positions.length / 3;
  const faceNormals = new Float32Array(corners); // one normal per triangle (3 floats per triangle)
  for (let t = 0; t < corners / 3; t++) {
    const a = t * 9;
    const ux = positions[a + 3]! - positions[a]!;
    const uy = positions[a + 4]! - positions[a + 1]!;
    const uz = positions[a + 5]! - positions[a + 2]!;
    const vx = positions[a + 6]! - positions[a]!;
    const vy = positions[a + 7]! - positions[a + 1]!;
    const vz = positions[a + 8]! - positions[a + 2]!;
    // Unnormalised: the cross product's length is twice the area, so big faces weigh more.
    faceNormals[t * 3] = uy * vz - uz * vy;
    faceNormals[t * 3 + 1] = uz * vx - ux * vz;
    faceNormals[t * 3 + 2] = ux * vy - uy * vx;
  }
  const box = boundingBox(positions);
  const extent = Math.max(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]) || 1;
  // Weld tolerance: a ten-thousandth of the model's size (2 µm on a ring): STEP faces are meshed one
  // by one and their shared corners may differ in the last digits.
  const q = 1e4 / extent;
  let size = 1;
  while (size < corners * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  const keys = new Int32Array(size * 3);
  const group = new Int32Array(corners);
  let groups = 0;
  for (let c = 0; c < corners; c++) {
    const x = Math.round(positions[c * 3]! * q);
    const y = Math.round(positions[c * 3 + 1]! * q);
    const z = Math.round(positions[c * 3 + 2]! * q);
    let h = (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & (size - 1);
    for (;;) {
      const g = table[h]!;
      if (g === -1) {
        table[h] = groups;
        keys[groups * 3] = x;
        keys[groups * 3 + 1] = y;
        keys[groups * 3 + 2] = z;
        group[c] = groups++;
        break;
      }
      if (keys[g * 3] === x && keys[g * 3 + 1] === y && keys[g * 3 + 2] === z) {
        group[c] = g;
        break;
      }
      h = (h + 1) & (size - 1);
    }
  }
  // Corners of each welded position, grouped (counting sort), so each corner averages only the faces
  // around it that bend less than the crease from its own: a band's side stays round while its edge
  // with the top stays sharp.
  const start = new Int32Array(groups + 1);
  for (let c = 0; c < corners; c++) start[group[c]! + 1]! += 1;
  for (let g = 0; g < groups; g++) start[g + 1] = start[g + 1]! + start[g]!;
  const fill = start.slice(0, groups);
  const members = new Int32Array(corners);
  for (let c = 0; c < corners; c++) members[fill[group[c]!]!++] = c;
  const unit = new Float32Array(faceNormals.length);
  for (let t = 0; t < faceNormals.length; t += 3) {
    const l = Math.hypot(faceNormals[t]!, faceNormals[t + 1]!, faceNormals[t + 2]!) || 1;
    unit[t] = faceNormals[t]! / l;
    unit[t + 1] = faceNormals[t + 1]! / l;
    unit[t + 2] = faceNormals[t + 2]! / l;
  }
  const cosCrease = Math.cos((creaseDegrees * Math.PI) / 180);
  const normals = new Float32Array(corners * 3);
  for (let c = 0; c < corners; c++) {
    const t = ((c / 3) | 0) * 3;
    const [fx, fy, fz] = [unit[t]!, unit[t + 1]!, unit[t + 2]!];
    let sx = 0;
    let sy = 0;
    let sz = 0;
    const g = group[c]!;
    for (let m = start[g]!; m < start[g + 1]!; m++) {
      const o = ((members[m]! / 3) | 0) * 3;
      if (unit[o]! * fx + unit[o + 1]! * fy + unit[o + 2]! * fz < cosCrease) continue;
      sx += faceNormals[o]!;
      sy += faceNormals[o + 1]!;
      sz += faceNormals[o + 2]!;
    }
    const l = Math.hypot(sx, sy, sz);
    normals[c * 3] = l ? sx / l : fx;
    normals[c * 3 + 1] = l ? sy / l : fy;
    normals[c * 3 + 2] = l ? sz / l : fz;
  }
  return normals;
}

/** Distance from (px, py) to the triangle (a, b, c) in a plane; 0 inside it. */
function pointTriangleDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by);
  const d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy);
  const d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  // Inside unless the signs differ; a triangle seen edge-on (no area) has no inside.
  const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (!(neg && pos) && area !== 0) return 0;
  return Math.min(segment(px, py, ax, ay, bx, by), segment(px, py, bx, by, cx, cy), segment(px, py, cx, cy, ax, ay));
}

function segment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/**
 * The inner diameter of a ring, in the model's units, or null when the model is not a closed band
 * around an empty middle. Each axis is tried as the finger's: the hole's centre is searched from
 * the box's centre (a setting on top shifts the box) for the point farthest from every vertex,
 * then the exact distance to the triangles there is the inner radius. The band must surround that
 * centre on every side and the hole must be a good part of the ring's size.
 */
export function ringInnerDiameter(positions: Float32Array, box: Box3 = boundingBox(positions)): number | null {
  const corners = positions.length / 3;
  if (corners < 9) return null;
  const stride = Math.max(1, Math.floor(corners / 60_000));
  let best: number | null = null;
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3;
    const v = (axis + 2) % 3;
    const spanU = box.max[u]! - box.min[u]!;
    const spanV = box.max[v]! - box.min[v]!;
    const span = Math.max(spanU, spanV);
    if (span <= 0) continue;
    const nearest = (cu: number, cv: number) => {
      let d = Infinity;
      for (let c = 0; c < corners; c += stride) {
        const du = positions[c * 3 + u]! - cu;
        const dv = positions[c * 3 + v]! - cv;
        const dd = du * du + dv * dv;
        if (dd < d) d = dd;
      }
      return Math.sqrt(d);
    };
    const startU = (box.min[u]! + box.max[u]!) / 2;
    const startV = (box.min[v]! + box.max[v]!) / 2;
    let [cu, cv] = [startU, startV];
    let here = nearest(cu, cv);
    for (let step = span / 8; step > span / 4000; ) {
      let moved = false;
      for (const [du, dv] of [[1, 0], [-1, 0], [0, 1], [0, -1], [0.7, 0.7], [-0.7, 0.7], [0.7, -0.7], [-0.7, -0.7]] as const) {
        const nu = cu + du * step;
        const nv = cv + dv * step;
        if (Math.hypot(nu - startU, nv - startV) > span / 4) continue;
        const d = nearest(nu, nv);
        if (d > here) {
          [cu, cv, here] = [nu, nv, d];
          moved = true;
        }
      }
      if (!moved) step /= 2;
    }
    // No hole around this axis (the nearest vertex is close to the centre): skip the exact pass.
    if (2 * here < span * 0.45) continue;
    // Exact: the closest triangle, and the band must go all the way round.
    let radius = Infinity;
    const sectors = new Uint8Array(24);
    for (let t = 0; t < corners; t += 3) {
      const a = t * 3;
      const d = pointTriangleDistance(
        cu, cv,
        positions[a + u]!, positions[a + v]!,
        positions[a + 3 + u]!, positions[a + 3 + v]!,
        positions[a + 6 + u]!, positions[a + 6 + v]!,
      );
      if (d < radius) radius = d;
      const angle = Math.atan2(positions[a + v]! - cv, positions[a + u]! - cu);
      sectors[Math.min(23, Math.floor(((angle + Math.PI) / (2 * Math.PI)) * 24))] = 1;
    }
    const around = sectors.every((s) => s === 1);
    const bandWidth = box.max[axis]! - box.min[axis]!;
    if (around && radius > 0 && 2 * radius >= span * 0.45 && bandWidth < 2 * radius * 1.5 && (best === null || 2 * radius > best)) best = 2 * radius;
  }
  return best;
}
