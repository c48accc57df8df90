/**
 * Title and description of every public page: the prerendered <head> (scripts/build-site.ts)
 * and the pages' document titles read them from here.
 */
export const PUBLIC_PAGE_META = {
  "/": {
    title: "Certified custom jewellery, made for you",
    description:
      "Share a link to any ring, pendant or pair of earrings and get an instant quote. Hallmarked metal, certified gems, up to 40% less than retail, delivered in about 15 days.",
  },
  "/how-it-works": {
    title: "How It Works",
    description:
      "Five steps from idea to piece: share your vision, receive a quote, approve the CAD design, handcrafted production, and a final quality check before delivery.",
  },
  "/gallery": {
    title: "Gallery",
    description: "Rings, pendants, earrings and bracelets we have made to order for our customers, with their own words about the piece.",
  },
  "/contact": {
    title: "Contact",
    description: "Tell us about the piece you imagine. We reply within 24 hours; support Mon-Fri 9AM-8PM IST and Sat 10AM-5PM IST.",
  },
  "/faq": {
    title: "FAQ",
    description: "Metals, certification, production and delivery times, CAD files, payments and support hours: answers to the questions customers ask most.",
  },
  "/quote": {
    title: "Get Your Instant Quote",
    description: "Share a link to any piece of jewellery and see what it costs, made by us: hallmarked metal, certified stones, up to 40% less than retail.",
    // The landing page's quote dialog as a page, for visitors whose script has not run yet: not a page of its own in search.
    noindex: true,
  },
  "/privacy": {
    title: "Privacy Policy",
    description: "What Aurelia Atelier collects when you browse, ask for a quote or order, why we collect it, how long we keep it and the choices you have.",
  },
  "/terms": {
    title: "Terms of Service",
    description: "The terms for quotes, advance payments, CAD approval, production, delivery, returns and warranty when you order from Aurelia Atelier.",
  },
} as const;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_META;
