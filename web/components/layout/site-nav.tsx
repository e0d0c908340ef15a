import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { useSession } from "#web/lib/session.js";
import { useSignOut } from "#web/lib/use-sign-out.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { cn } from "#web/lib/cn.js";
import { Button, LinkButton } from "../ui/button.js";
import { Logo } from "../ui/logo.js";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/plan", label: "Plans" },
  { to: "/contact", label: "Contact" },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-base font-medium transition-colors",
    isActive ? "text-brand-700 underline decoration-accent-500 decoration-2 underline-offset-8" : "text-slate-700 hover:text-brand-700",
  );

export function SiteNav() {
  const { site } = useBootstrap();
  const { user } = useSession();
  const { signOut, pending: signingOut } = useSignOut("/");
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so any navigation (links, back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpenOn(null);
    document.addEventListener("keydown", onKey);
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = "";
    };
  }, [open]);

  const logout = () => {
    close();
    signOut();
  };

  const account = user ? (
    <Button onClick={logout} disabled={signingOut}>
      Logout
    </Button>
  ) : (
    <LinkButton to="/login" onClick={() => close()}>
      Login Now
    </LinkButton>
  );

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo name={site.name} />
        <ul className="hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden md:block">{account}</div>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </nav>
      {open && (
        <div id="mobile-menu" className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto bg-white px-6 py-8 md:hidden">
          <ul className="flex flex-col gap-2">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className={linkClass} onClick={() => close()}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-8">{account}</div>
        </div>
      )}
    </header>
  );
}
