/** The public site's links, written once (paths from config/paths.ts). */
import { paths } from "@/config/paths";

export const HEADER_LINKS = [
  { label: "Home", href: paths.home.getHref() },
  { label: "How It Works", href: paths.howItWorks.getHref() },
  { label: "Gallery", href: paths.gallery.getHref() },
] as const;

export const FOOTER_GROUPS = [
  {
    title: "Explore",
    links: [
      { label: "Home", href: paths.home.getHref() },
      { label: "How It Works", href: paths.howItWorks.getHref() },
      { label: "Gallery", href: paths.gallery.getHref() },
    ],
  },
  {
    title: "Help",
    links: [
      { label: "Contact", href: paths.contact.getHref() },
      { label: "FAQ", href: paths.faq.getHref() },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", href: paths.privacy.getHref() },
      { label: "Terms of Service", href: paths.terms.getHref() },
    ],
  },
] as const;
