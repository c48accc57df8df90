import { CAD_FORMATS, DELIVERY_PROMISE, EMAIL_RESPONSE, PHONE_HOURS, PRODUCTION_TIME } from "./site-facts";

export interface FaqGroup {
  title: string;
  items: { q: string; a: string }[];
}

/** Answers consistent with spec §9 (metals, production and delivery times, formats, hours). */
export const FAQ: FaqGroup[] = [
  {
    title: "Ordering",
    items: [
      {
        q: "How does ordering from a link work?",
        a: "Paste the address of a product page from any jeweller's website. We read the piece's metal, stones, dimensions and price, show you an instant estimate, and a jeweller then confirms your quote. You can adjust any detail before you accept.",
      },
      {
        q: "Can I order a design of my own?",
        a: "Yes. Use the custom design form to choose the jewellery type, metal, purity and colour, the stones and the size, add a budget and upload reference images or sketches. A designer reviews it and quotes it like any other piece.",
      },
      {
        q: "Does a quote cost anything?",
        a: "No. Estimates and quotes are free and without obligation. You pay only once you accept a quote: first the advance, then the balance before your piece ships.",
      },
      {
        q: "How can you be up to 40% less than retail?",
        a: "We sell directly, without showrooms, distributors or retail markups. You pay for the metal by weight, the stones, the craft and the certification, each shown as its own line in your quote.",
      },
    ],
  },
  {
    title: "Metals and certification",
    items: [
      { q: "Which metals do you work with?", a: "Gold in 10k, 14k and 18k, in yellow, white or rose, and sterling silver." },
      {
        q: "Is my jewellery certified?",
        a: "Yes. Precious metals carry a hallmark certifying their purity, and diamonds and gemstones come with a certificate from an independent gemmological laboratory. The certificates are delivered with your piece.",
      },
    ],
  },
  {
    title: "Timing and delivery",
    items: [
      { q: "How long does production take?", a: `Production takes ${PRODUCTION_TIME}. You follow every stage, from casting to quality check, in your dashboard.` },
      {
        q: "When will my piece arrive?",
        a: `We aim to deliver ${DELIVERY_PROMISE}. The time may vary with the complexity of the design and the customisation you ask for; your order page always shows where your piece is.`,
      },
      { q: "Is delivery insured?", a: "Yes. Every piece travels insured and needs a signature on delivery, packed with its certificates." },
    ],
  },
  {
    title: "Designs and files",
    items: [
      {
        q: "Can I ask for changes to the CAD design?",
        a: "Of course. Comment on the renderings in your order and our designers upload a new version. Nothing is made until you approve a design.",
      },
      { q: "Can I have the 3D file of my design?", a: `Yes. We can share your approved design as ${CAD_FORMATS.join(", ").replace(/, ([^,]*)$/, " or $1")}.` },
    ],
  },
  {
    title: "Payment and support",
    items: [
      {
        q: "How do I pay?",
        a: "When you accept a quote, an advance is due (usually half of the quote), by bank transfer or UPI with the reference shown on your order. The balance is due before your piece ships.",
      },
      {
        q: "When can I reach you?",
        a: `Our support hours are Mon-Fri 9AM-8PM IST and Sat 10AM-5PM IST; we are closed on Sundays. Phone support is available ${PHONE_HOURS}, and e-mails are answered ${EMAIL_RESPONSE}.`,
      },
    ],
  },
];
