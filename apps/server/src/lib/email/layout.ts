import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { createElement as h, type ComponentProps, type CSSProperties, type ReactNode } from "react";

/** Brand colours (DESIGN-SYSTEM.md); gold is the darker shade that keeps 4.5:1 on white. */
export const EMAIL_COLORS = {
  ivory: "#FBF8F3",
  surface: "#FFFFFF",
  charcoal: "#1E1B18",
  muted: "#6B645C",
  gold: "#8A6A3B",
  border: "#E8E1D6",
  garnet: "#9B2335",
} as const;

const SANS = '"Helvetica Neue", Helvetica, Arial, sans-serif';
const SERIF = 'Georgia, "Times New Roman", Times, serif';

const styles = {
  body: { backgroundColor: EMAIL_COLORS.ivory, margin: 0, padding: "32px 12px", fontFamily: SANS, color: EMAIL_COLORS.charcoal },
  card: {
    maxWidth: "560px",
    margin: "0 auto",
    backgroundColor: EMAIL_COLORS.surface,
    border: `1px solid ${EMAIL_COLORS.border}`,
    borderRadius: "8px",
    padding: "40px 36px",
  },
  brand: {
    margin: "0 0 24px",
    fontSize: "12px",
    lineHeight: "16px",
    letterSpacing: "0.24em",
    textTransform: "uppercase",
    color: EMAIL_COLORS.gold,
  },
  heading: { margin: "0 0 16px", fontFamily: SERIF, fontWeight: 400, fontSize: "28px", lineHeight: "36px", color: EMAIL_COLORS.charcoal },
  paragraph: { margin: "0 0 16px", fontSize: "16px", lineHeight: "26px", color: EMAIL_COLORS.charcoal, overflowWrap: "anywhere" },
  detail: { margin: "0 0 12px" },
  label: {
    margin: 0,
    fontSize: "12px",
    lineHeight: "18px",
    letterSpacing: "0.12em",
    textTransform: "uppercase",
    color: EMAIL_COLORS.muted,
  },
  value: { fontSize: "16px", lineHeight: "24px", fontWeight: 600, color: EMAIL_COLORS.charcoal, overflowWrap: "anywhere" },
  details: { margin: "8px 0 24px", padding: "16px 20px 4px", backgroundColor: EMAIL_COLORS.ivory, borderRadius: "6px" },
  quote: { margin: "0 0 24px", padding: "4px 0 4px 16px", borderLeft: `3px solid ${EMAIL_COLORS.gold}` },
  button: {
    display: "inline-block",
    backgroundColor: EMAIL_COLORS.gold,
    color: "#FFFFFF",
    fontSize: "16px",
    fontWeight: 600,
    lineHeight: "24px",
    padding: "12px 24px",
    borderRadius: "6px",
    textDecoration: "none",
  },
  fallback: { margin: "16px 0 0", fontSize: "13px", lineHeight: "20px", color: EMAIL_COLORS.muted, overflowWrap: "anywhere" },
  link: { color: EMAIL_COLORS.gold, textDecoration: "underline" },
  hr: { borderColor: EMAIL_COLORS.border, margin: "32px 0 16px" },
  footer: { margin: 0, fontSize: "12px", lineHeight: "18px", color: EMAIL_COLORS.muted },
  footerLink: { color: EMAIL_COLORS.muted, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

export interface EmailAction {
  label: string;
  url: string;
}

/** The footer of an e-mail a customer can turn off: one-click unsubscribe and the settings screen. */
export interface EmailFooterLinks {
  /** "Unsubscribe from quote e-mails" */
  label: string;
  url: string;
  preferencesUrl: string;
}

/** react-email's plain-text renderer skips elements marked so. */
const fallbackLinkProps: ComponentProps<typeof Text> & { "data-skip-in-text": boolean } = {
  style: styles.fallback,
  "data-skip-in-text": true,
};

/**
 * The one layout of every e-mail: brand line, heading, body, an optional button with the bare
 * link beneath it for clients that hide buttons, and a footer. Text only, no images, so nothing
 * is lost when a client blocks remote content. React escapes every string it renders.
 *
 * Elements are made with `createElement` rather than JSX so that every TypeScript setup that
 * imports the server (tests, the bench, a bundler) compiles these files without JSX options.
 */
export function EmailLayout(props: {
  preview: string;
  heading: string;
  action?: EmailAction | undefined;
  footer?: EmailFooterLinks | undefined;
  children?: ReactNode;
}) {
  const { preview, heading, action, footer, children } = props;
  return h(
    Html,
    { lang: "en", dir: "ltr" },
    h(
      Head,
      null,
      h("meta", { name: "color-scheme", content: "light" }),
      h("meta", { name: "supported-color-schemes", content: "light" }),
      h("title", null, heading),
    ),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.card },
        h(Text, { style: styles.brand }, "Aurelia Atelier"),
        h(Heading, { as: "h1", style: styles.heading }, heading),
        children,
        action
          ? h(
              Section,
              { style: { margin: "32px 0 0" } },
              h(Button, { href: action.url, style: styles.button }, action.label),
              // The button's link is already in the plain-text part.
              h(
                Text,
                fallbackLinkProps,
                "Or paste this link into your browser:",
                h("br"),
                h(Link, { href: action.url, style: styles.link }, action.url),
              ),
            )
          : null,
        h(Hr, { style: styles.hr }),
        h(Text, { style: styles.footer }, "Aurelia Atelier · Certified fine jewellery, made to order."),
        footer
          ? h(
              Text,
              { style: { ...styles.footer, margin: "8px 0 0" } },
              h(Link, { href: footer.url, style: styles.footerLink }, footer.label),
              " · ",
              h(Link, { href: footer.preferencesUrl, style: styles.footerLink }, "Manage preferences"),
            )
          : null,
      ),
    ),
  );
}

/** A paragraph of body text; children may mix strings and `Strong`. */
export function Paragraph(...children: ReactNode[]) {
  return h(Text, { style: styles.paragraph }, ...children);
}

export function Strong(text: string) {
  return h("strong", null, text);
}

/** Text that must stay on one line, such as an order number ("JW-2026-000123"). */
export function NoWrap(text: string) {
  return h("span", { style: { whiteSpace: "nowrap" } }, text);
}

/** Text a person wrote (a quote note, a CAD description): one paragraph per line, set off in gold. */
export function QuotedText(label: string, text: string) {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  return h(
    Section,
    { style: styles.quote },
    h(Text, { style: { ...styles.label, margin: 0 } }, label),
    ...lines.map((line) => h(Text, { style: { ...styles.paragraph, margin: "4px 0 0" } }, line)),
  );
}

/** Key figures (amount, validity, tracking number): a small label over each value. */
export function Details(items: { label: string; value: string }[]) {
  return h(
    Section,
    { style: styles.details },
    ...items.map((item) =>
      h(
        Text,
        { style: styles.detail },
        h("span", { style: styles.label }, item.label),
        h("br"),
        h("span", { style: styles.value }, item.value),
      ),
    ),
  );
}
