import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { enhanceSessionParts } from "#web/lib/session-parts.js";
import { enhanceSiteMenu } from "./enhance-site-menu.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { cn } from "#web/lib/cn.js";
import { buttonClass, LinkButton } from "../ui/button.js";
import { Logo } from "../ui/logo.js";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/plan", label: "Plans" },
  { to: "/contact", label: "Contact" },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex min-h-11 items-center rounded-md px-3 py-2 text-base font-medium transition-colors",
    isActive ? "text-brand-700 underline decoration-accent-500 decoration-2 underline-offset-8" : "text-slate-700 hover:text-brand-700",
  );

function NavLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {LINKS.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={linkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Login Now for visitors; Dashboard and Logout once signed in. Both are in the HTML, which is the
 * same for everyone; web/lib/session-parts.ts shows the right one once the session is known.
 */
function AccountActions({ className }: { className: string }) {
  return (
    <>
      <div className={className} data-session="guest">
        <LinkButton to="/login">Login Now</LinkButton>
      </div>
      <div className={className} data-session="user" hidden>
        <LinkButton to="/dashboard" variant="secondary" reloadDocument>
          Dashboard
        </LinkButton>
        <button type="button" className={buttonClass()} data-sign-out>
          Logout
        </button>
      </div>
    </>
  );
}

/**
 * The phone and tablet menu (under 1024 px, where the links would not fit beside the logo): a
 * full-screen panel with its own close button, beside the header rather than in it (a fixed box
 * inside the blurred header is placed against the 64 px header, not the viewport). Hidden until
 * the menu button opens it (enhance-site-menu.ts).
 */
function MobileMenu({ siteName }: { siteName: string }) {
  return (
    <div id="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu" hidden className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white lg:hidden">
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4 sm:px-6">
        <Logo name={siteName} />
        <button type="button" className="inline-flex size-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50" aria-label="Close menu" data-menu-close>
          <X aria-hidden="true" />
        </button>
      </div>
      <nav aria-label="Menu" className="px-6 py-8">
        <NavLinks className="flex flex-col gap-2" />
        <AccountActions className="mt-8 flex flex-wrap gap-3" />
      </nav>
    </div>
  );
}

/**
 * Pre-rendered on every public page, where the page's plain script adds the behaviour; rendered by
 * React only on the signed-out screen that shares the public layout, which attaches the same.
 */
export function SiteNav() {
  const { site } = useBootstrap();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const undo = [enhanceSiteMenu(element), enhanceSessionParts(element)];
    return () => undo.forEach((run) => run());
  }, []);

  return (
    <div ref={root} className="contents">
      <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo name={site.name} />
          <NavLinks className="hidden items-center gap-1 lg:flex" />
          <AccountActions className="hidden items-center gap-3 lg:flex" />
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 lg:hidden"
            aria-expanded="false"
            aria-controls="mobile-menu"
            aria-label="Open menu"
            data-menu-open
          >
            <Menu aria-hidden="true" />
          </button>
        </nav>
      </header>
      <MobileMenu siteName={site.name} />
    </div>
  );
}
