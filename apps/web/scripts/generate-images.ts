/**
 * Draws the site's jewellery illustrations (scripts/images/jewellery.ts) and writes them as
 * WebP at the widths the pages ask for, plus the Open Graph card as JPEG.
 *
 *   npm run images -w apps/web            # writes apps/web/public/images/**
 *   npm run images -w apps/web -- --preview /tmp/previews   # also PNGs to look at
 *
 * The output is committed (rasterising takes a while on a small machine); run this again
 * after changing a drawing.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  BACKDROPS,
  Canvas,
  backdrop,
  cadDrawing,
  clusterDrops,
  looseGem,
  pendant,
  random,
  ring,
  studs,
  tennisBracelet,
  type Backdrop,
} from "./images/jewellery.ts";

const OUT = path.resolve(import.meta.dirname, "../public/images");

interface Picture {
  /** Path under public/images, without extension. */
  name: string;
  width: number;
  height: number;
  /** Output widths (WebP), or "og" for the social card. */
  widths: number[] | "og";
  draw: (c: Canvas) => void;
}

const square = (name: string, seed: number, bg: Backdrop, draw: (c: Canvas) => void): Picture & { seed: number } => ({
  name: `gallery/${name}`,
  width: 1000,
  height: 1000,
  widths: [320, 640],
  seed,
  draw: (c) => {
    backdrop(c, bg);
    draw(c);
  },
});

export const PICTURES: (Picture & { seed?: number })[] = [
  square("emerald-halo-ring", 11, BACKDROPS.ivory, (c) => ring(c, 500, 600, 250, { metal: "gold", gem: "emerald", gemSize: 0.95, halo: "diamond", band: 0.15 })),
  square("solitaire-platinum-ring", 12, BACKDROPS.stone, (c) => ring(c, 500, 610, 255, { metal: "white", gem: "diamond", gemSize: 0.92, band: 0.12 })),
  square("sapphire-drop-pendant", 13, BACKDROPS.champagne, (c) => pendant(c, 500, 560, 120, { metal: "white", gem: "sapphire", halo: "diamond" })),
  square("diamond-stud-earrings", 14, BACKDROPS.blush, (c) => studs(c, 500, 510, 150, { metal: "gold", gem: "diamond" })),
  square("rose-gold-eternity-band", 15, BACKDROPS.blush, (c) => ring(c, 500, 500, 290, { metal: "rose", eternity: "diamond", band: 0.2 })),
  square("ruby-cluster-earrings", 16, BACKDROPS.midnight, (c) => clusterDrops(c, 500, 380, 150, { metal: "gold", gem: "ruby", accent: "diamond" })),
  square("diamond-tennis-bracelet", 17, BACKDROPS.sage, (c) => tennisBracelet(c, 500, 500, 340, 210, { metal: "white", gem: "diamond" })),
  square("amethyst-cocktail-ring", 18, BACKDROPS.velvet, (c) => ring(c, 500, 630, 235, { metal: "gold", gem: "amethyst", gemSize: 1.2, halo: "diamond", band: 0.17 })),
  square("aquamarine-halo-pendant", 19, BACKDROPS.sage, (c) => pendant(c, 500, 560, 110, { metal: "white", gem: "aquamarine", halo: "diamond" })),
  square("morganite-rose-ring", 20, BACKDROPS.champagne, (c) => ring(c, 500, 610, 250, { metal: "rose", gem: "morganite", gemSize: 0.95, halo: "diamond", band: 0.14 })),
  square("sapphire-eternity-band", 21, BACKDROPS.stone, (c) => ring(c, 500, 500, 290, { metal: "white", eternity: "sapphire", band: 0.2 })),
  square("emerald-stud-earrings", 22, BACKDROPS.ivory, (c) => studs(c, 500, 510, 140, { metal: "gold", gem: "emerald" })),
  {
    name: "hero/solitaire",
    width: 1000,
    height: 1200,
    widths: [480, 720, 1000],
    seed: 1,
    draw: (c) => {
      backdrop(c, BACKDROPS.ivory, { x: 0.5, y: 0.4 });
      ring(c, 510, 660, 300, { metal: "gold", gem: "diamond", gemSize: 0.92, band: 0.12, halo: "diamond" });
      looseGem(c, 200, 1045, 46, "sapphire");
      looseGem(c, 815, 1075, 34, "emerald");
      looseGem(c, 330, 1110, 24, "diamond");
    },
  },
  {
    name: "banner/collection",
    width: 1600,
    height: 900,
    widths: [640, 1024, 1600],
    seed: 5,
    draw: (c) => {
      backdrop(c, BACKDROPS.champagne, { x: 0.5, y: 0.4 });
      pendant(c, 330, 470, 105, { metal: "white", gem: "sapphire", halo: "diamond", chainSpread: 230 });
      ring(c, 800, 520, 215, { metal: "gold", gem: "emerald", gemSize: 0.95, halo: "diamond", band: 0.15 });
      clusterDrops(c, 1250, 330, 105, { metal: "gold", gem: "ruby", accent: "diamond" });
      looseGem(c, 560, 800, 30, "diamond");
      looseGem(c, 1060, 830, 24, "amethyst");
    },
  },
  {
    name: "process/cad",
    width: 1000,
    height: 800,
    widths: [480, 800],
    seed: 2,
    draw: (c) => cadDrawing(c),
  },
  {
    name: "process/bench",
    width: 1000,
    height: 800,
    widths: [480, 800],
    seed: 3,
    draw: (c) => {
      backdrop(c, BACKDROPS.champagne, { x: 0.5, y: 0.45 });
      tennisBracelet(c, 500, 470, 300, 150, { metal: "gold", gem: "diamond" });
      looseGem(c, 820, 690, 34, "ruby");
      looseGem(c, 170, 690, 26, "diamond");
    },
  },
  {
    name: "og/aurelia-atelier",
    width: 1200,
    height: 630,
    widths: "og",
    seed: 4,
    draw: (c) => {
      backdrop(c, BACKDROPS.ivory, { x: 0.55, y: 0.45 });
      ring(c, 790, 350, 165, { metal: "gold", gem: "diamond", gemSize: 0.92, band: 0.12, halo: "diamond" });
      pendant(c, 330, 330, 70, { metal: "white", gem: "sapphire", halo: "diamond", chainSpread: 200 });
      looseGem(c, 1060, 560, 26, "emerald");
      looseGem(c, 560, 575, 20, "ruby");
    },
  },
];

async function main(): Promise<void> {
  const previewIdx = process.argv.indexOf("--preview");
  const previewDir = previewIdx > 0 ? process.argv[previewIdx + 1] : undefined;
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
  for (const p of PICTURES) {
    if (only && !p.name.includes(only)) continue;
    const c = new Canvas(p.width, p.height, random(p.seed ?? 1));
    p.draw(c);
    const svg = Buffer.from(c.toString());
    const dir = path.join(OUT, path.dirname(p.name));
    await fs.mkdir(dir, { recursive: true });
    const base = path.join(OUT, p.name);
    // Render once at full size (density keeps edges crisp), then downscale.
    const master = await sharp(svg, { density: 144 }).resize(p.width, p.height).png().toBuffer();
    if (p.widths === "og") {
      await sharp(master).jpeg({ quality: 84, mozjpeg: true }).toFile(`${base}.jpg`);
    } else {
      for (const w of p.widths) {
        await sharp(master).resize(w).webp({ quality: 80, effort: 6, smartSubsample: true }).toFile(`${base}-${w}.webp`);
      }
    }
    if (previewDir) {
      await fs.mkdir(previewDir, { recursive: true });
      await sharp(master).resize(500).png().toFile(path.join(previewDir, `${p.name.replace(/\//g, "_")}.png`));
    }
    console.log(`drew ${p.name}`);
  }
}

await main();
