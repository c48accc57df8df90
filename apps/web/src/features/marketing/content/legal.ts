export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export const LEGAL_UPDATED = "1 November 2025";

export const PRIVACY: LegalSection[] = [
  {
    heading: "Who we are",
    paragraphs: [
      "Aurelia Atelier designs and makes certified jewellery to order. This policy explains what we collect when you browse our site, ask for a quote or place an order, why we collect it and what you can ask of us. Questions about it can be sent through the contact page.",
    ],
  },
  {
    heading: "What we collect",
    paragraphs: ["We collect only what we need to make and deliver your piece:"],
    list: [
      "Account details: your e-mail address and password (stored only as a secure hash), and, if you add them, your name, phone number, company and address.",
      "Your designs: the product links you share, the details we read from those pages, your descriptions, measurements and the images you upload.",
      "Orders: quotes, payment references, CAD versions, the comments you exchange with our team and the delivery details.",
      "Enquiries: the name, e-mail, phone and design idea you send through our contact or landing page forms.",
      "Technical data: server logs with your IP address, browser and the pages requested, kept to protect the service against abuse.",
    ],
  },
  {
    heading: "Why we use it",
    paragraphs: [
      "To prepare estimates and quotes, model and approve your design, make, certify and deliver your piece, and keep you informed by e-mail about quotes, CAD versions, shipping and password resets. We also use technical data to keep accounts secure and to limit automated abuse of our forms. We do not use your data for advertising, and we do not sell it.",
    ],
  },
  {
    heading: "Who we share it with",
    paragraphs: ["Only with those who help us make and deliver your piece, and only what they need:"],
    list: [
      "our workshop partners and gemmological laboratories (the specification of your piece, never your payment details);",
      "couriers (your name, delivery address and phone number);",
      "our e-mail and hosting providers, who process data on our behalf under contract;",
      "authorities, where the law requires it.",
    ],
  },
  {
    heading: "Cookies and storage",
    paragraphs: [
      "We do not use advertising or tracking cookies. Your browser keeps a sign-in token in its local storage while you are signed in, and a design you start before creating an account is kept in session storage until you sign up. Signing out removes them.",
    ],
  },
  {
    heading: "How long we keep it",
    paragraphs: [
      "Order records and invoices are kept for as long as tax and consumer law require (usually eight years). Designs and enquiries that never became orders are deleted after two years without activity. Server logs are kept for 90 days. You can ask us to delete your account at any time; we then keep only what the law obliges us to keep.",
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      "You can ask to see the data we hold about you, correct it, receive a copy, restrict or object to its use, or have it deleted. Write to us through the contact page from the e-mail address of your account and we will answer within 30 days. You may also complain to your data protection authority.",
    ],
  },
  {
    heading: "Security",
    paragraphs: [
      "Connections to our site are encrypted, passwords are stored as salted hashes, sign-in tokens can be revoked by signing out, and access to your orders is limited to you and the members of our team who work on them.",
    ],
  },
  {
    heading: "Changes to this policy",
    paragraphs: ["When this policy changes we update the date below, and for significant changes we tell signed-in customers by e-mail before they take effect."],
  },
];

export const TERMS: LegalSection[] = [
  {
    heading: "About these terms",
    paragraphs: [
      "These terms apply to every quote and order placed with Aurelia Atelier through this site. By creating an account or accepting a quote you agree to them. Please read them with your quote: together they are our agreement.",
    ],
  },
  {
    heading: "Estimates and quotes",
    paragraphs: [
      "The instant estimate shown when you submit a design is an indication, calculated from the details available. Your quote, issued by our jewellers, is the price we commit to: it lists every item, states the advance due and is valid for 14 days. Metal and stone prices can move, so an expired quote may be reissued at a different price.",
      "Savings are measured against the retail price of the piece you shared, where one was shown. Our best price guarantee: if you find the same specification offered for less by a certified seller within 14 days of your quote, tell us and we will match it or explain the difference.",
    ],
  },
  {
    heading: "Advance payment and balance",
    paragraphs: [
      "Accepting a quote makes an advance payment due (usually 50% of the quote). Work on your CAD design starts when we confirm the advance. The balance is due when your piece has passed its quality check, before it ships.",
    ],
  },
  {
    heading: "Design approval",
    paragraphs: [
      "We model your piece in CAD and show you renderings in your dashboard. You may ask for reasonable changes to the design you ordered; production starts only after you approve a version. Significant changes to the specification (metal, stones, size beyond the quote) may need a revised quote.",
    ],
  },
  {
    heading: "Production and delivery",
    paragraphs: [
      "Production usually takes 2 to 4 weeks after your design approval. We aim to deliver about 15 days after your advance payment; the time may vary with the complexity of the design and the customisation requested. Pieces are shipped insured and need a signature on delivery. Risk passes to you when the piece is delivered.",
    ],
  },
  {
    heading: "Certification",
    paragraphs: [
      "Precious metals are hallmarked and diamonds and gemstones are certified by independent laboratories, as stated in your quote. The certificates are delivered with your piece.",
    ],
  },
  {
    heading: "Cancellation",
    paragraphs: [
      "You may cancel an order at no cost until your advance payment is confirmed. After that, work on your design has begun: if you cancel before production, we refund the advance less the cost of the design work done; once production has started, pieces made to your specification cannot be cancelled.",
    ],
  },
  {
    heading: "Returns, resizing and warranty",
    paragraphs: [
      "Made-to-order pieces cannot be returned for a change of mind, but we resize rings once free of charge within 30 days of delivery where the design allows it. Every piece carries a 12-month warranty against manufacturing defects; it does not cover wear, loss of stones through impact, or alterations made by others. Your statutory rights are not affected.",
    ],
  },
  {
    heading: "Your account",
    paragraphs: [
      "Keep your password to yourself and sign out on shared devices. You are responsible for the accuracy of the details you give us, including sizes and delivery addresses. We may suspend accounts used to abuse the service.",
    ],
  },
  {
    heading: "Liability",
    paragraphs: [
      "Our liability for an order is limited to the price paid for it, except where the law does not allow such a limit. We are not liable for delays caused by events beyond our reasonable control, and we will tell you promptly if one affects your order.",
    ],
  },
  {
    heading: "Changes and contact",
    paragraphs: [
      "We may update these terms; the version in force when you accepted your quote applies to that order. Questions can be sent through the contact page, and we answer within 24 hours.",
    ],
  },
];
