import { Check } from "lucide-react";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { CAD_FORMATS, DELIVERY_PROMISE, PRODUCTION_TIME } from "../content/site-facts";

interface Step {
  title: string;
  text: string;
  points: string[];
  image: { base: string; widths: number[]; width: number; height: number; alt: string };
}

/** Spec §1: the public process explanation has five steps. */
const STEPS: Step[] = [
  {
    title: "Share the vision",
    text: "Paste a link to a piece you found on any jeweller's website and we read its metal, stones and price for you. No link? Describe your design in the custom form, with the metal, stones, size, budget and reference images.",
    points: ["Any product page, from any shop", "Or a custom design with your own images", "Asking costs nothing"],
    image: { base: "/images/gallery/emerald-halo-ring", widths: [320, 640], width: 640, height: 640, alt: "An emerald halo ring in yellow gold" },
  },
  {
    title: "Receive a quote",
    text: "An instant estimate appears as soon as you submit, itemised by metal, stones, labour and certification. A jeweller then reviews it and issues your quote, valid for 14 days, beside the retail price of the piece you shared.",
    points: ["Itemised, with nothing hidden", "Up to 40% below retail", "Accept it, or ask for changes"],
    image: { base: "/images/gallery/sapphire-drop-pendant", widths: [320, 640], width: 640, height: 640, alt: "A sapphire pendant framed by small diamonds on a fine chain" },
  },
  {
    title: "CAD design and approval",
    text: "Once you approve the quote and pay the advance, our designers model your piece in CAD. You review the renderings in your dashboard, comment on them and approve the version you love. Nothing is cast before you approve.",
    points: ["Renderings from every angle", "Revisions through your order's comments", `3D files in ${CAD_FORMATS.join(", ")}`],
    image: { base: "/images/process/cad", widths: [480, 800], width: 800, height: 640, alt: "A CAD drawing of a solitaire ring with its dimensions" },
  },
  {
    title: "Handcrafted production",
    text: `Our craftsmen cast, set and polish your piece by hand, in the metal you chose and with the certified stones of your quote. Production takes ${PRODUCTION_TIME}, and you can follow every stage in your dashboard.`,
    points: ["Hallmarked precious metal", "Certified diamonds and gemstones", "Progress you can follow"],
    image: { base: "/images/process/bench", widths: [480, 800], width: 800, height: 640, alt: "A diamond tennis bracelet in yellow gold on the workbench" },
  },
  {
    title: "Final quality check and delivery",
    text: `Every piece is inspected against the approved design: dimensions, stone security, finish and hallmark. It is then packed with its certificates and shipped insured, ${DELIVERY_PROMISE} (this may vary with the complexity of the design and the customisation).`,
    points: ["Checked against your approved CAD", "Certificates in the box", "Insured delivery to your door"],
    image: { base: "/images/gallery/diamond-stud-earrings", widths: [320, 640], width: 640, height: 640, alt: "A pair of diamond stud earrings in yellow gold" },
  },
];

export function ProcessTimeline() {
  return (
    <ol className="container-page flex flex-col gap-20 py-20 sm:gap-28 sm:py-28">
      {STEPS.map((s, i) => (
        <li key={s.title} className="grid items-center gap-10 md:grid-cols-2 md:gap-16">
          <div className={`flex flex-col gap-5 ${i % 2 ? "md:order-2" : ""}`}>
            <p className="eyebrow">Step {i + 1} of 5</p>
            <h2 className="text-4xl sm:text-5xl">{s.title}</h2>
            <p className="text-lg leading-relaxed text-muted">{s.text}</p>
            <ul className="flex flex-col gap-2.5">
              {s.points.map((p) => (
                <li key={p} className="flex items-center gap-3 text-sm">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
                    <Check className="size-3.5" aria-hidden />
                  </span>
                  {p}
                </li>
              ))}
            </ul>
          </div>
          <ResponsiveImage
            {...s.image}
            sizes="(min-width: 768px) 45vw, 100vw"
            priority={i === 0}
            className={`w-full rounded-[1.25rem] object-cover shadow-[var(--shadow-dialog)] ${s.image.width === s.image.height ? "aspect-square" : "aspect-[5/4]"}`}
          />
        </li>
      ))}
    </ol>
  );
}
