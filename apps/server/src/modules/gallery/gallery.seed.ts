/**
 * The house pieces a fresh install shows in its gallery. The pictures are the project's own
 * illustrations (apps/web/public/images/gallery, made by apps/web/scripts/generate-images.ts);
 * staff replace or hide these posts once real customer photographs arrive.
 */
export interface GallerySeedPost {
  image: string;
  customerName: string;
  customerQuote: string;
  date: string;
}

const image = (slug: string) => `/images/gallery/${slug}-640.webp`;

export const GALLERY_SEED: readonly GallerySeedPost[] = [
  {
    image: image("emerald-halo-ring"),
    customerName: "Ananya R.",
    customerQuote: "I sent a link to a ring I had admired for years. Mine came back in 18k gold with a certified emerald, for far less.",
    date: "2025-11-14",
  },
  {
    image: image("solitaire-platinum-ring"),
    customerName: "James O.",
    customerQuote: "Approving the CAD renders from my phone made proposing feel planned to the millimetre. She said yes.",
    date: "2025-10-29",
  },
  {
    image: image("sapphire-drop-pendant"),
    customerName: "Meera K.",
    customerQuote: "The sapphire is exactly the blue I described. The gem certificate arrived with the pendant.",
    date: "2025-10-08",
  },
  {
    image: image("diamond-stud-earrings"),
    customerName: "Sofia L.",
    customerQuote: "Everyday studs that look anything but everyday. Hallmarked, certified and delivered in about two weeks.",
    date: "2025-09-21",
  },
  {
    image: image("rose-gold-eternity-band"),
    customerName: "Rohan & Isha",
    customerQuote: "We matched our bands to a photo from our first trip together. The rose gold is warm and perfect.",
    date: "2025-09-02",
  },
  {
    image: image("ruby-cluster-earrings"),
    customerName: "Kavya N.",
    customerQuote: "My grandmother's design, remade for my wedding. The rubies glow in every photograph.",
    date: "2025-08-17",
  },
  {
    image: image("diamond-tennis-bracelet"),
    customerName: "Daniel M.",
    customerQuote: "A tennis bracelet for our tenth anniversary, priced well below the boutique I first visited.",
    date: "2025-07-30",
  },
  {
    image: image("amethyst-cocktail-ring"),
    customerName: "Aisha F.",
    customerQuote: "Bold, violet and completely mine. The team answered every question within a day.",
    date: "2025-07-11",
  },
  {
    image: image("aquamarine-halo-pendant"),
    customerName: "Nikhil S.",
    customerQuote: "A birthstone pendant for my mother in sterling silver. She has not taken it off since.",
    date: "2025-06-23",
  },
  {
    image: image("morganite-rose-ring"),
    customerName: "Hannah W.",
    customerQuote: "I tracked every step in the dashboard, from quote to quality check. No surprises, only delight.",
    date: "2025-06-05",
  },
  {
    image: image("sapphire-eternity-band"),
    customerName: "Vikram & Leela",
    customerQuote: "Sapphires all the way round, in white gold, for our twenty-fifth. It sparkles from every side.",
    date: "2025-05-19",
  },
  {
    image: image("emerald-stud-earrings"),
    customerName: "Zara T.",
    customerQuote: "Emerald studs to match my mother's ring. The green is deep and even, exactly as the certificate describes.",
    date: "2025-05-02",
  },
];
