import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { BrandMark } from "@/components/brand";
import { buttonVariants } from "@/components/ui/button-variants";
import { paths } from "@/config/paths";
import { HEADER_LINKS } from "./nav-links";

/** Spec: the header becomes opaque after more than 10 px of scroll. */
export const OPAQUE_AFTER_PX = 10;

const linkClass = "text-sm tracking-wide text-foreground transition-colors hover:text-accent-strong aria-[current=page]:text-accent-strong";

/**
 * The public header: transparent over the page until it scrolls, then opaque; on small screens
 * the links fold into a menu. Plain links, because public pages are separate documents.
 */
export function SiteHeader({ pathname }: { pathname: string }) {
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > OPAQUE_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const opaque = scrolled || menuOpen;
  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow,border-color] duration-200 ease-out ${
        opaque ? "border-b border-border bg-surface shadow-[var(--shadow-card)]" : "border-b border-transparent bg-transparent"
      }`}
    >
      <div className="container-page flex h-18 items-center gap-8">
        <a href={paths.home.getHref()} aria-label="Aurelia Atelier home" className="shrink-0 rounded-md">
          <BrandMark />
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-8">
            {HEADER_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href} aria-current={pathname === l.href ? "page" : undefined} className={linkClass}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <a href={paths.login.getHref()} className={`${buttonVariants({ variant: "ghost", size: "md" })} max-sm:hidden`}>
            Login
          </a>
          <a href={paths.signup.getHref()} className={buttonVariants({ size: "md" })}>
            Get Started
          </a>
          <button
            ref={menuButton}
            type="button"
            className={`${buttonVariants({ variant: "ghost", size: "icon" })} md:hidden`}
            aria-expanded={menuOpen}
            aria-controls="site-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </button>
        </div>
      </div>
      <div id="site-menu" hidden={!menuOpen} className="border-t border-border bg-surface md:hidden">
        <nav aria-label="Mobile">
          <ul className="container-page flex flex-col py-3">
            {[...HEADER_LINKS, { label: "Login", href: paths.login.getHref() }].map((l) => (
              <li key={l.href}>
                <a
                  href={l.href}
                  aria-current={pathname === l.href ? "page" : undefined}
                  className="block border-b border-border/70 py-3.5 font-display text-2xl text-foreground last:border-b-0 aria-[current=page]:text-accent-strong"
                  onClick={() => setMenuOpen(false)}
                >
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
