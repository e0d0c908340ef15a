import { Menu, X } from "lucide-react";
import { useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useSession } from "#web/lib/session.js";
import { useSignOut } from "#web/lib/use-sign-out.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { cn } from "#web/lib/cn.js";
import { Button, LinkButton } from "../ui/button.js";
import { Logo } from "../ui/logo.js";
import { Overlay } from "../ui/overlay.js";
import { useFocusTrap } from "../ui/use-focus-trap.js";

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

/** Login Now for visitors; Dashboard and Logout once signed in. */
function AccountActions({ onNavigate, className }: { onNavigate: () => void; className?: string }) {
  const { user } = useSession();
  const { signOut, pending: signingOut } = useSignOut("/");
  if (!user) {
    return (
      <div className={className}>
        <LinkButton to="/login" onClick={onNavigate}>
          Login Now
        </LinkButton>
      </div>
    );
  }
  return (
    <div className={className}>
      <LinkButton to="/dashboard" variant="secondary" onClick={onNavigate}>
        Dashboard
      </LinkButton>
      <Button
        onClick={() => {
          onNavigate();
          signOut();
        }}
        disabled={signingOut}
      >
        Logout
      </Button>
    </div>
  );
}

/**
 * The phone and tablet menu (under 1024 px, where the links would not fit beside the logo): a
 * full-screen panel with its own close button, rendered outside the header (see Overlay).
 */
function MobileMenu({ siteName, onClose }: { siteName: string; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, true, onClose);
  return (
    <Overlay>
      <div ref={panel} id="mobile-menu" role="dialog" aria-modal="true" aria-label="Menu" className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white lg:hidden">
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-slate-200 px-4 sm:px-6">
          {/* The logo leads home; on the home page itself that is no navigation, so close explicitly. */}
          <Logo name={siteName} onClick={onClose} />
          <button type="button" className="inline-flex size-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50" aria-label="Close menu" onClick={onClose}>
            <X aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Menu" className="px-6 py-8">
          <ul className="flex flex-col gap-2">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={linkClass} onClick={onClose}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <AccountActions onNavigate={onClose} className="mt-8 flex flex-wrap gap-3" />
        </nav>
      </div>
    </Overlay>
  );
}

export function SiteNav() {
  const { site } = useBootstrap();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so any navigation (links, back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo name={site.name} />
        <ul className="hidden items-center gap-1 lg:flex">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <AccountActions onNavigate={close} className="hidden items-center gap-3 lg:flex" />
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 lg:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label="Open menu"
          onClick={() => setOpenOn(pathname)}
        >
          <Menu aria-hidden="true" />
        </button>
      </nav>
      {open && <MobileMenu siteName={site.name} onClose={close} />}
    </header>
  );
}
