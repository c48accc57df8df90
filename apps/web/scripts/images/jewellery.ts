/**
 * Jewellery illustrations drawn as SVG: metals as layered metallic gradients, gems as faceted
 * polygons lit from the upper left. Everything is computed from a seed, so the pictures are
 * the same on every run (scripts/generate-images.ts rasterises them to WebP).
 */

export type Metal = "gold" | "white" | "rose";
export type Gem = "diamond" | "emerald" | "sapphire" | "ruby" | "amethyst" | "aquamarine" | "morganite";

/** Dark → light → highlight stops of each metal, in the order a polished band reflects them. */
const METAL_STOPS: Record<Metal, string[]> = {
  gold: ["#6b4a14", "#b88a3e", "#e8c877", "#fff4cc", "#f0d08a", "#a47a2e", "#d8ae5c", "#fbe6a8", "#b9903f", "#6e4e18"],
  white: ["#4e535a", "#8d939b", "#c9ced4", "#ffffff", "#d9dde2", "#80868e", "#b4b9c0", "#eef0f3", "#999ea6", "#50555c"],
  rose: ["#5e2a1d", "#9c5a45", "#d99a82", "#ffe3d6", "#e3ab94", "#8e4f3c", "#c98670", "#f6cbb8", "#a86650", "#61301f"],
};

/** Deep, mid, light, glint: the four tones every facet is painted from. */
const GEM_TONES: Record<Gem, [string, string, string, string]> = {
  diamond: ["#38414d", "#98a5b6", "#e6edf5", "#ffffff"],
  emerald: ["#06382a", "#137a52", "#4fc493", "#c9f5df"],
  sapphire: ["#0a1c55", "#1f45b5", "#5f8ef0", "#d4e2ff"],
  ruby: ["#4a0612", "#a8122f", "#e34a68", "#ffd0da"],
  amethyst: ["#2e1148", "#6e34a6", "#b07be0", "#efe0ff"],
  aquamarine: ["#1d5f6e", "#4fb3c8", "#a6e6f0", "#effcff"],
  morganite: ["#8f4a4a", "#dc9a8f", "#f7c9bd", "#fff1ec"],
};

export interface Backdrop {
  /** Centre and edge colours of the studio backdrop. */
  light: string;
  dark: string;
  /** A soft band of silk behind the piece. */
  silk?: string;
}

export const BACKDROPS = {
  ivory: { light: "#fffaf1", dark: "#e9dcc6", silk: "#f3e6cf" },
  blush: { light: "#fff5f1", dark: "#ecd3c8", silk: "#f5ddd3" },
  sage: { light: "#f6f8f1", dark: "#cfd8c6", silk: "#e2e9d8" },
  stone: { light: "#f7f6f4", dark: "#d6d1ca", silk: "#e7e2db" },
  champagne: { light: "#fff8ea", dark: "#e3cfa6", silk: "#f1e0bd" },
  midnight: { light: "#36405a", dark: "#11151f", silk: "#273049" },
  velvet: { light: "#5a2e3c", dark: "#1e0d14", silk: "#43202c" },
} satisfies Record<string, Backdrop>;

/** A small deterministic random source (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => Number(n.toFixed(2));
const pts = (p: [number, number][]) => p.map(([x, y]) => `${f(x)},${f(y)}`).join(" ");

/** Collects gradient and filter definitions while a picture is drawn. */
export class Canvas {
  private defs: string[] = [];
  private body: string[] = [];
  private n = 0;
  constructor(
    readonly width: number,
    readonly height: number,
    readonly rng: () => number,
  ) {}

  id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
  def(svg: string): void {
    this.defs.push(svg);
  }
  add(svg: string): void {
    this.body.push(svg);
  }
  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }

  /** A metallic gradient running across [x1,y1]→[x2,y2] in user space. */
  metal(metal: Metal, x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id("m");
    const stops = METAL_STOPS[metal];
    const offsets = [0, 0.12, 0.26, 0.36, 0.46, 0.6, 0.72, 0.8, 0.9, 1];
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}">${stops
        .map((c, i) => `<stop offset="${offsets[i]}" stop-color="${c}"/>`)
        .join("")}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A round metallic bead (prongs, cups). */
  bead(metal: Metal): string {
    const id = this.id("b");
    const s = METAL_STOPS[metal];
    this.def(`<radialGradient id="${id}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${s[3]}"/><stop offset="0.45" stop-color="${s[2]}"/><stop offset="1" stop-color="${s[0]}"/></radialGradient>`);
    return `url(#${id})`;
  }

  blur(std: number): string {
    const id = this.id("f");
    this.def(`<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`);
    return `url(#${id})`;
  }

  radial(stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id("r");
    this.def(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
        .join("")}</radialGradient>`,
    );
    return `url(#${id})`;
  }
}

/** Studio backdrop: a lit centre, a soft horizon and a band of silk. */
export function backdrop(c: Canvas, b: Backdrop, focus: { x: number; y: number } = { x: 0.5, y: 0.42 }): void {
  const bg = c.radial([[0, b.light], [0.55, mix(b.light, b.dark, 0.35)], [1, b.dark]], focus.x, focus.y, 0.85);
  c.add(`<rect width="${c.width}" height="${c.height}" fill="${bg}"/>`);
  if (b.silk) {
    const w = c.width;
    const h = c.height;
    const silk = c.blur(Math.max(w, h) * 0.02);
    c.add(
      `<path d="M ${-w * 0.1} ${h * 0.72} C ${w * 0.25} ${h * 0.55}, ${w * 0.55} ${h * 0.92}, ${w * 1.1} ${h * 0.62} L ${w * 1.1} ${h * 0.8} C ${w * 0.6} ${h * 1.05}, ${w * 0.3} ${h * 0.7}, ${-w * 0.1} ${h * 0.9} Z" fill="${b.silk}" opacity="0.55" filter="${silk}"/>`,
    );
  }
  const vignette = c.radial([[0.6, "#000000", 0], [1, "#000000", 0.12]], 0.5, 0.45, 0.75);
  c.add(`<rect width="${c.width}" height="${c.height}" fill="${vignette}"/>`);
}

export function shadow(c: Canvas, cx: number, cy: number, rx: number, ry: number, opacity = 0.22): void {
  c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="#1e1b18" opacity="${opacity}" filter="${c.blur(ry * 0.6)}"/>`);
}

export function sparkle(c: Canvas, x: number, y: number, s: number, opacity = 0.9): void {
  const k = 0.14;
  const d = `M ${f(x)} ${f(y - s)} L ${f(x + s * k)} ${f(y - s * k)} L ${f(x + s)} ${f(y)} L ${f(x + s * k)} ${f(y + s * k)} L ${f(x)} ${f(y + s)} L ${f(x - s * k)} ${f(y + s * k)} L ${f(x - s)} ${f(y)} L ${f(x - s * k)} ${f(y - s * k)} Z`;
  c.add(`<path d="${d}" fill="#ffffff" opacity="${opacity}"/>`);
  c.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(s * 0.22)}" fill="#ffffff" opacity="${opacity}" filter="${c.blur(s * 0.12)}"/>`);
}

/** Picks a facet colour: lit facets (facing the upper left) lean to the light tones. */
function facetTone(tones: readonly string[], light: number, rng: () => number): string {
  const r = rng();
  const v = Math.min(0.999, Math.max(0, light * 0.75 + r * 0.45 - 0.1));
  const i = Math.floor(v * 4);
  const t = v * 4 - i;
  return mix(tones[Math.max(0, i - 1)] ?? tones[0]!, tones[Math.min(3, i)]!, t);
}

/** A round brilliant seen from the side: table, crown facets, girdle, pavilion. */
export function gemSide(c: Canvas, cx: number, cy: number, w: number, gem: Gem): void {
  const tones = GEM_TONES[gem];
  const rng = c.rng;
  const gw = w / 2;
  const tw = w * 0.28;
  const hc = w * 0.2;
  const hp = w * 0.44;
  const facets: string[] = [];
  const edge = mix(tones[3], "#ffffff", 0.5);
  const poly = (p: [number, number][], light: number) =>
    facets.push(`<polygon points="${pts(p)}" fill="${facetTone(tones, light, rng)}" stroke="${edge}" stroke-opacity="0.35" stroke-width="${f(w * 0.004)}" stroke-linejoin="round"/>`);

  // Crown: a strip of triangles between the table edge and the girdle.
  const top = [-1, -0.5, 0, 0.5, 1].map((k) => [cx + k * tw, cy - hc] as [number, number]);
  const gir = [-1, -0.6, -0.2, 0.2, 0.6, 1].map((k) => [cx + k * gw, cy] as [number, number]);
  for (let i = 0; i < 5; i++) {
    const g0 = gir[i]!;
    const g1 = gir[i + 1]!;
    const t0 = top[Math.min(i, 4)]!;
    const t1 = top[Math.min(i + 1, 4)]!;
    const light = 1 - i / 5;
    if (i < 4) {
      poly([g0, t0, t1], light + 0.15);
      poly([g0, t1, g1], light);
    } else {
      poly([g0, t0, g1], light * 0.8);
    }
  }
  // Table: the bright window on top.
  poly([top[0]!, top[4]!, [cx + tw * 0.8, cy - hc * 0.82], [cx - tw * 0.8, cy - hc * 0.82]], 0.95);

  // Pavilion: girdle → lower girdle line → culet.
  const n = 8;
  const culet: [number, number] = [cx, cy + hp];
  const g: [number, number][] = [];
  const m: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const k = -1 + (2 * i) / n;
    g.push([cx + k * gw, cy]);
    m.push([cx + k * gw * 0.55, cy + hp * 0.5]);
  }
  for (let i = 0; i < n; i++) {
    const light = 0.75 - Math.abs(i - n / 2 + 0.5) / n + (i < n / 2 ? 0.15 : -0.1);
    poly([g[i]!, g[i + 1]!, m[i + 1]!], light);
    poly([g[i]!, m[i + 1]!, m[i]!], light - 0.2);
    poly([m[i]!, m[i + 1]!, culet], light - 0.1);
  }
  c.add(`<g>${facets.join("")}</g>`);
  // Girdle line and outline for definition.
  c.add(
    `<polygon points="${pts([top[0]!, top[4]!, gir[5]!, culet, gir[0]!])}" fill="none" stroke="${tones[0]}" stroke-opacity="0.55" stroke-width="${f(w * 0.008)}" stroke-linejoin="round"/>`,
  );
  c.add(`<line x1="${f(cx - gw)}" y1="${f(cy)}" x2="${f(cx + gw)}" y2="${f(cy)}" stroke="${edge}" stroke-opacity="0.7" stroke-width="${f(w * 0.01)}"/>`);
  sparkle(c, cx - tw * 0.45, cy - hc * 0.7, w * 0.1, 0.85);
  sparkle(c, cx + gw * 0.35, cy + hp * 0.25, w * 0.06, 0.7);
}

/** A round brilliant seen from above: table, star, kite and upper-girdle facets. */
export function gemTop(c: Canvas, cx: number, cy: number, r: number, gem: Gem, opts: { scaleY?: number; prongs?: number; metal?: Metal; bezel?: boolean } = {}): void {
  const tones = GEM_TONES[gem];
  const rng = c.rng;
  const sy = opts.scaleY ?? 1;
  const at = (a: number, rad: number): [number, number] => [cx + Math.cos(a) * rad, cy + Math.sin(a) * rad * sy];
  const lightAt = (a: number) => 0.5 + 0.5 * Math.cos(a - (-3 * Math.PI) / 4);
  const step = Math.PI / 4;
  const facets: string[] = [];
  const edge = mix(tones[3], "#ffffff", 0.4);
  const poly = (p: [number, number][], light: number) =>
    facets.push(`<polygon points="${pts(p)}" fill="${facetTone(tones, light, rng)}" stroke="${edge}" stroke-opacity="0.3" stroke-width="${f(Math.max(0.6, r * 0.012))}" stroke-linejoin="round"/>`);

  if (opts.metal && opts.bezel) {
    c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.14)}" ry="${f(r * 1.14 * sy)}" fill="${c.metal(opts.metal, cx - r, cy - r, cx + r, cy + r)}"/>`);
  }
  c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r)}" ry="${f(r * sy)}" fill="${tones[0]}"/>`);
  for (let i = 0; i < 8; i++) {
    const a0 = i * step;
    const a1 = a0 + step;
    const mid = a0 + step / 2;
    const T0 = at(a0, r * 0.52);
    const T1 = at(a1, r * 0.52);
    const S = at(mid, r * 0.8);
    const Sprev = at(a0 - step / 2, r * 0.8);
    poly([T0, T1, S], lightAt(mid) + 0.1); // star
    poly([T0, Sprev, at(a0, r), S], lightAt(a0)); // kite
    poly([S, at(a0, r), at(mid, r)], lightAt(mid) - 0.15); // upper girdle
    poly([S, at(mid, r), at(a1, r)], lightAt(mid) - 0.05);
  }
  const table: [number, number][] = [];
  for (let i = 0; i < 8; i++) table.push(at(i * step, r * 0.52));
  poly(table, 0.85);
  c.add(`<g>${facets.join("")}</g>`);
  c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r)}" ry="${f(r * sy)}" fill="none" stroke="${tones[0]}" stroke-opacity="0.6" stroke-width="${f(Math.max(0.8, r * 0.03))}"/>`);
  if (opts.prongs && opts.metal) {
    const bead = c.bead(opts.metal);
    for (let i = 0; i < opts.prongs; i++) {
      const a = Math.PI / 4 + (i * 2 * Math.PI) / opts.prongs;
      const [x, y] = at(a, r * 0.97);
      c.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.13)}" fill="${bead}"/>`);
    }
  }
  if (r > 14) sparkle(c, cx - r * 0.25, cy - r * 0.3 * sy, r * 0.45, 0.85);
}

export interface RingOptions {
  metal: Metal;
  gem?: Gem;
  /** Width of the centre stone relative to the ring's radius. */
  gemSize?: number;
  halo?: Gem;
  eternity?: Gem;
  /** Band thickness relative to the radius. */
  band?: number;
}

/** An upright ring seen from the front, the centre stone in a four-prong head. */
export function ring(c: Canvas, cx: number, cy: number, R: number, o: RingOptions): void {
  const band = o.band ?? 0.16;
  const Ro = R;
  const Ry = R * 1.04;
  const ri = R * (1 - band);
  const riy = Ry * (1 - band * 0.9);
  shadow(c, cx, cy + Ry + R * 0.06, R * 0.95, R * 0.09, 0.28);

  const bandPath = `M ${f(cx - Ro)} ${f(cy)} a ${f(Ro)} ${f(Ry)} 0 1 0 ${f(2 * Ro)} 0 a ${f(Ro)} ${f(Ry)} 0 1 0 ${f(-2 * Ro)} 0 Z M ${f(cx - ri)} ${f(cy)} a ${f(ri)} ${f(riy)} 0 1 1 ${f(2 * ri)} 0 a ${f(ri)} ${f(riy)} 0 1 1 ${f(-2 * ri)} 0 Z`;
  // Inside of the band (its back half), darker, seen through the opening.
  c.add(
    `<ellipse cx="${f(cx)}" cy="${f(cy + R * 0.03)}" rx="${f(ri + R * 0.005)}" ry="${f(riy)}" fill="none" stroke="${c.metal(o.metal, cx + ri, cy, cx - ri, cy)}" stroke-width="${f(R * 0.06)}" opacity="0.85"/>`,
  );
  c.add(`<path d="${bandPath}" fill-rule="evenodd" fill="${c.metal(o.metal, cx - Ro, cy - Ry * 0.3, cx + Ro, cy + Ry * 0.3)}"/>`);
  // Light from the upper left, shade to the lower right.
  const sheen = c.radial([[0, "#ffffff", 0.7], [0.45, "#ffffff", 0.12], [1, "#ffffff", 0]], 0.3, 0.22, 0.7);
  c.add(`<path d="${bandPath}" fill-rule="evenodd" fill="${sheen}"/>`);
  const shade = c.radial([[0.45, "#000000", 0], [1, "#000000", 0.22]], 0.35, 0.3, 0.8);
  c.add(`<path d="${bandPath}" fill-rule="evenodd" fill="${shade}"/>`);
  c.add(`<path d="${bandPath}" fill-rule="evenodd" fill="none" stroke="#2a1f10" stroke-opacity="0.25" stroke-width="${f(R * 0.008)}"/>`);

  if (o.eternity) {
    const mid = (Ro + ri) / 2;
    const midY = (Ry + riy) / 2;
    const count = 22;
    const gr = (Ro - ri) * 0.36;
    for (let i = 0; i < count; i++) {
      const a = Math.PI / 2 + (i - (count - 1) / 2) * ((Math.PI * 1.9) / count);
      const x = cx + Math.cos(a) * mid;
      const y = cy + Math.sin(a) * midY;
      gemTop(c, x, y, gr, o.eternity, { prongs: 0 });
    }
    return;
  }
  if (!o.gem) return;

  const w = R * (o.gemSize ?? 0.62);
  const topY = cy - Ry;
  const gy = topY - w * 0.2;
  // Basket under the stone.
  c.add(
    `<polygon points="${pts([
      [cx - w * 0.3, gy + w * 0.12],
      [cx + w * 0.3, gy + w * 0.12],
      [cx + w * 0.14, topY + R * 0.06],
      [cx - w * 0.14, topY + R * 0.06],
    ])}" fill="${c.metal(o.metal, cx - w * 0.3, gy, cx + w * 0.3, gy)}"/>`,
  );
  if (o.halo) {
    const hr = w * 0.66;
    c.add(`<ellipse cx="${f(cx)}" cy="${f(gy + w * 0.05)}" rx="${f(hr)}" ry="${f(w * 0.17)}" fill="${c.metal(o.metal, cx - hr, gy, cx + hr, gy)}"/>`);
  }
  gemSide(c, cx, gy, w, o.gem);
  if (o.halo) {
    const hr = w * 0.66;
    const n = 11;
    for (let i = 0; i < n; i++) {
      const a = (i / (n - 1)) * Math.PI;
      gemTop(c, cx + Math.cos(a) * hr * 0.96, gy + w * 0.05 + Math.sin(a) * w * 0.15, w * 0.055, o.halo === o.gem ? "diamond" : o.halo);
    }
  }
  // Two visible prongs clasp the crown.
  const prong = c.metal(o.metal, cx - w * 0.5, gy, cx + w * 0.5, gy);
  for (const s of [-1, 1]) {
    c.add(
      `<path d="M ${f(cx + s * w * 0.3)} ${f(gy + w * 0.14)} Q ${f(cx + s * w * 0.52)} ${f(gy - w * 0.02)} ${f(cx + s * w * 0.33)} ${f(gy - w * 0.19)}" fill="none" stroke="${prong}" stroke-width="${f(w * 0.06)}" stroke-linecap="round"/>`,
    );
  }
}

/** A pendant on a fine chain: an oval stone in a bezel, with an optional halo. */
export function pendant(c: Canvas, cx: number, cy: number, size: number, o: { metal: Metal; gem: Gem; halo?: Gem; scaleY?: number; chainSpread?: number }): void {
  const sy = o.scaleY ?? 1.28;
  const top = cy - size * sy * 1.35;
  const W = c.width;
  const chain = c.metal(o.metal, 0, 0, W, 0);
  const spread = o.chainSpread ?? W * 0.62;
  const path = `M ${f(cx - spread)} ${f(-10)} Q ${f(cx - size * 0.3)} ${f(top + size * 0.1)} ${f(cx)} ${f(top)} Q ${f(cx + size * 0.3)} ${f(top + size * 0.1)} ${f(cx + spread)} ${f(-10)}`;
  shadow(c, cx + size * 0.1, cy + size * sy * 1.25, size * 0.9, size * 0.12, 0.2);
  c.add(`<path d="${path}" fill="none" stroke="${chain}" stroke-width="${f(size * 0.035)}"/>`);
  c.add(`<path d="${path}" fill="none" stroke="${chain}" stroke-width="${f(size * 0.07)}" stroke-dasharray="${f(size * 0.02)} ${f(size * 0.09)}" stroke-linecap="round"/>`);
  // Bail.
  c.add(
    `<ellipse cx="${f(cx)}" cy="${f(top + size * 0.1)}" rx="${f(size * 0.09)}" ry="${f(size * 0.16)}" fill="none" stroke="${c.metal(o.metal, cx - size * 0.1, 0, cx + size * 0.1, 0)}" stroke-width="${f(size * 0.06)}"/>`,
  );
  if (o.halo) {
    const n = 18;
    const hr = size * 1.22;
    c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(hr * 1.08)}" ry="${f(hr * 1.08 * sy)}" fill="${c.metal(o.metal, cx - hr, cy - hr, cx + hr, cy + hr)}"/>`);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * Math.PI * 2;
      gemTop(c, cx + Math.cos(a) * hr * 0.96, cy + Math.sin(a) * hr * 0.96 * sy, size * 0.11, o.halo);
    }
  }
  gemTop(c, cx, cy, size, o.gem, { scaleY: sy, metal: o.metal, bezel: true });
}

/** A pair of stud earrings, four claws each, the second a little further back. */
export function studs(c: Canvas, cx: number, cy: number, r: number, o: { metal: Metal; gem: Gem }): void {
  shadow(c, cx - r * 1.6, cy + r * 1.35, r * 1.1, r * 0.2, 0.2);
  shadow(c, cx + r * 1.7, cy + r * 0.95, r * 0.95, r * 0.18, 0.16);
  gemTop(c, cx + r * 1.7, cy - r * 0.35, r * 0.86, o.gem, { metal: o.metal, prongs: 4, bezel: false, scaleY: 0.95 });
  gemTop(c, cx - r * 1.6, cy, r, o.gem, { metal: o.metal, prongs: 4, bezel: false });
}

/** Drop earrings: a hook, a flower cluster and an oval drop. */
export function clusterDrops(c: Canvas, cx: number, cy: number, s: number, o: { metal: Metal; gem: Gem; accent: Gem }): void {
  for (const [dx, dy, k] of [
    [-s * 1.25, 0, 1],
    [s * 1.3, -s * 0.25, 0.9],
  ] as const) {
    const x = cx + dx;
    const y = cy + dy;
    const z = s * k;
    shadow(c, x, y + z * 2.9, z * 0.6, z * 0.1, 0.18);
    const hook = c.metal(o.metal, x - z, y, x + z, y);
    c.add(`<path d="M ${f(x)} ${f(y - z * 0.55)} C ${f(x)} ${f(y - z * 1.6)}, ${f(x + z * 0.9)} ${f(y - z * 1.7)}, ${f(x + z * 0.75)} ${f(y - z * 0.9)}" fill="none" stroke="${hook}" stroke-width="${f(z * 0.07)}" stroke-linecap="round"/>`);
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2 + Math.PI / 6;
      gemTop(c, x + Math.cos(a) * z * 0.36, y + Math.sin(a) * z * 0.36, z * 0.2, o.accent, { metal: o.metal, bezel: true });
    }
    gemTop(c, x, y, z * 0.24, o.gem, { metal: o.metal, bezel: true });
    c.add(`<line x1="${f(x)}" y1="${f(y + z * 0.55)}" x2="${f(x)}" y2="${f(y + z * 0.95)}" stroke="${hook}" stroke-width="${f(z * 0.08)}"/>`);
    gemTop(c, x, y + z * 1.65, z * 0.5, o.gem, { metal: o.metal, bezel: true, scaleY: 1.45 });
  }
}

/** A tennis bracelet lying in a loose oval, seen from above at an angle. */
export function tennisBracelet(c: Canvas, cx: number, cy: number, rx: number, ry: number, o: { metal: Metal; gem: Gem }): void {
  shadow(c, cx, cy + ry * 0.35, rx * 1.02, ry * 0.95, 0.18);
  const n = 30;
  const items = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    return { a, x: cx + Math.cos(a) * rx, y: cy + Math.sin(a) * ry, depth: (Math.sin(a) + 1) / 2 };
  }).sort((p, q) => p.y - q.y);
  const rail = c.metal(o.metal, cx - rx, cy, cx + rx, cy);
  c.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${rail}" stroke-width="${f(rx * 0.03)}" opacity="0.9"/>`);
  for (const p of items) {
    const size = rx * (0.06 + 0.035 * p.depth);
    c.add(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(size * 1.16)}" fill="${c.bead(o.metal)}"/>`);
    gemTop(c, p.x, p.y, size, o.gem, { scaleY: 0.82 + 0.18 * p.depth, metal: o.metal, prongs: 4 });
    if (p.depth < 0.35) c.add(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(size * 1.18)}" fill="#000" opacity="${f(0.22 * (1 - p.depth))}"/>`);
    else if (c.rng() > 0.7) sparkle(c, p.x - size * 0.2, p.y - size * 0.3, size * 0.9, 0.85);
  }
}

/** A loose stone lying on the surface (for compositions). */
export function looseGem(c: Canvas, x: number, y: number, r: number, gem: Gem): void {
  shadow(c, x + r * 0.2, y + r * 0.7, r * 1.05, r * 0.3, 0.2);
  gemTop(c, x, y, r, gem, { scaleY: 0.55 });
}

/** A CAD drawing of a solitaire: wireframe on a blueprint grid, with dimension lines. */
export function cadDrawing(c: Canvas): void {
  const { width: W, height: H } = c;
  c.add(`<rect width="${W}" height="${H}" fill="#14213a"/>`);
  const grid: string[] = [];
  for (let x = 0; x <= W; x += 25) grid.push(`<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="#2a3f66" stroke-width="${x % 100 === 0 ? 1.4 : 0.6}"/>`);
  for (let y = 0; y <= H; y += 25) grid.push(`<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="#2a3f66" stroke-width="${y % 100 === 0 ? 1.4 : 0.6}"/>`);
  c.add(grid.join(""));
  const line = "#9cc7ff";
  const soft = "#5d8fd6";
  const cx = W / 2;
  const cy = H * 0.58;
  const R = W * 0.25;
  const ri = R * 0.84;
  const el = (x: number, y: number, rx: number, ry: number, stroke: string, sw: number, dash = "") =>
    c.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${stroke}" stroke-width="${sw}" ${dash ? `stroke-dasharray="${dash}"` : ""}/>`);
  el(cx, cy, R, R * 1.04, line, 2.2);
  el(cx, cy, ri, ri * 1.05, line, 2.2);
  el(cx, cy + R * 0.03, ri, ri * 1.05, soft, 1, "6 6");
  for (let i = 1; i < 6; i++) el(cx, cy, R - (R - ri) * (i / 6), (R - (R - ri) * (i / 6)) * 1.045, soft, 0.6);
  // Stone outline and facets.
  const w = R * 0.62;
  const gy = cy - R * 1.04 - w * 0.2;
  const tw = w * 0.28;
  const gw = w / 2;
  const hc = w * 0.2;
  const hp = w * 0.44;
  const poly = (p: [number, number][], stroke: string, sw: number) => c.add(`<polygon points="${pts(p)}" fill="none" stroke="${stroke}" stroke-width="${sw}" stroke-linejoin="round"/>`);
  poly([[cx - tw, gy - hc], [cx + tw, gy - hc], [cx + gw, gy], [cx, gy + hp], [cx - gw, gy]], line, 2.2);
  c.add(`<line x1="${f(cx - gw)}" y1="${f(gy)}" x2="${f(cx + gw)}" y2="${f(gy)}" stroke="${line}" stroke-width="1.6"/>`);
  for (const k of [-0.6, -0.2, 0.2, 0.6]) {
    c.add(`<line x1="${f(cx + k * gw)}" y1="${f(gy)}" x2="${f(cx)}" y2="${f(gy + hp)}" stroke="${soft}" stroke-width="1"/>`);
    c.add(`<line x1="${f(cx + k * gw)}" y1="${f(gy)}" x2="${f(cx + k * tw * 1.4)}" y2="${f(gy - hc)}" stroke="${soft}" stroke-width="1"/>`);
  }
  poly([[cx - w * 0.3, gy + w * 0.12], [cx + w * 0.3, gy + w * 0.12], [cx + w * 0.14, cy - R * 0.98], [cx - w * 0.14, cy - R * 0.98]], line, 1.6);
  // Dimension lines with arrowheads.
  const dim = "#f3d48a";
  const arrow = (x1: number, y1: number, x2: number, y2: number) => {
    c.add(`<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${dim}" stroke-width="1.4"/>`);
    const a = Math.atan2(y2 - y1, x2 - x1);
    for (const [x, y, d] of [
      [x1, y1, 1],
      [x2, y2, -1],
    ] as const) {
      const p1: [number, number] = [x + d * 12 * Math.cos(a) - 5 * Math.sin(a), y + d * 12 * Math.sin(a) + 5 * Math.cos(a)];
      const p2: [number, number] = [x + d * 12 * Math.cos(a) + 5 * Math.sin(a), y + d * 12 * Math.sin(a) - 5 * Math.cos(a)];
      c.add(`<polygon points="${pts([[x, y], p1, p2])}" fill="${dim}"/>`);
    }
  };
  const by = cy + R * 1.04 + 50;
  c.add(`<line x1="${f(cx - R)}" y1="${f(cy)}" x2="${f(cx - R)}" y2="${f(by + 10)}" stroke="${dim}" stroke-width="0.8" stroke-dasharray="4 4"/>`);
  c.add(`<line x1="${f(cx + R)}" y1="${f(cy)}" x2="${f(cx + R)}" y2="${f(by + 10)}" stroke="${dim}" stroke-width="0.8" stroke-dasharray="4 4"/>`);
  arrow(cx - R, by, cx + R, by);
  const sx = cx + gw + 60;
  arrow(sx, gy - hc, sx, gy + hp);
  c.add(`<line x1="${f(cx + tw)}" y1="${f(gy - hc)}" x2="${f(sx + 10)}" y2="${f(gy - hc)}" stroke="${dim}" stroke-width="0.8" stroke-dasharray="4 4"/>`);
  c.add(`<line x1="${f(cx)}" y1="${f(gy + hp)}" x2="${f(sx + 10)}" y2="${f(gy + hp)}" stroke="${dim}" stroke-width="0.8" stroke-dasharray="4 4"/>`);
  // Centre marks.
  c.add(`<line x1="${f(cx)}" y1="${f(gy - hc - 40)}" x2="${f(cx)}" y2="${f(cy + R * 1.04 + 20)}" stroke="${soft}" stroke-width="0.8" stroke-dasharray="14 5 3 5"/>`);
  c.add(`<line x1="${f(cx - R - 30)}" y1="${f(cy)}" x2="${f(cx + R + 30)}" y2="${f(cy)}" stroke="${soft}" stroke-width="0.8" stroke-dasharray="14 5 3 5"/>`);
}

/** Linear blend of two #rrggbb colours. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (p: number, s: number) => (p >> s) & 255;
  const m = (s: number) => Math.round(ch(pa, s) + (ch(pb, s) - ch(pa, s)) * Math.min(1, Math.max(0, t)));
  return `#${((m(16) << 16) | (m(8) << 8) | m(0)).toString(16).padStart(6, "0")}`;
}
