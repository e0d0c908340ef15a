import {
  ArrowLeftRight,
  ArrowUpFromLine,
  Banknote,
  ChevronDown,
  CheckCheck,
  HandCoins,
  IdCard,
  Inbox,
  LayoutDashboard,
  ListChecks,
  LogOut,
  MailWarning,
  Menu,
  Scale,
  ScrollText,
  Settings,
  SlidersHorizontal,
  ShieldCheck,
  UserCheck,
  Users,
  Wallet,
  X,
} from "lucide-react";
import { Suspense, useEffect, useRef, useState, type RefObject } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { AccountBanners } from "#web/components/account/account-banners.js";
import { Logo } from "#web/components/ui/logo.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useFocusTrap } from "#web/components/ui/use-focus-trap.js";
import { useApprovals } from "#web/features/admin-approvals/api/admin-approvals.js";
import { useNewMessageCount } from "#web/features/admin-messages/api/admin-messages.js";
import { NotificationBell } from "#web/features/notifications/components/notification-bell.js";
import { useSession, type SessionUser } from "#web/lib/session.js";
import { useSignOut } from "#web/lib/use-sign-out.js";
import { useBootstrap } from "#web/lib/bootstrap.js";
import { cn } from "#web/lib/cn.js";

interface NavItem {
  to: string;
  label: string;
  icon: typeof LayoutDashboard;
  end?: boolean;
  /** A count after the label (new messages), said in words to screen readers. */
  badge?: { count: number; words: string };
}

/** Words for what each screen does (the routes keep the reference site's names). */
const GENERAL: NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/dashboard/transfer", label: "Deposit", icon: Wallet },
  { to: "/dashboard/investment", label: "Invest", icon: ListChecks },
  { to: "/dashboard/transaction", label: "Withdraw or send", icon: ArrowLeftRight },
  { to: "/dashboard/recieve", label: "Request money", icon: HandCoins },
];

const ACCOUNT: NavItem[] = [
  { to: "/dashboard/verification", label: "Verify identity", icon: IdCard },
  { to: "/dashboard/settings", label: "Settings", icon: Settings },
];
const ADMIN: NavItem[] = [
  // `end`: the overview is current only on /dashboard/admin itself, not on every section under it.
  { to: "/dashboard/admin", label: "Back office", icon: ShieldCheck, end: true },
  { to: "/dashboard/admin/users", label: "Users", icon: Users },
  { to: "/dashboard/admin/verifications", label: "Identity checks", icon: UserCheck },
  { to: "/dashboard/admin/deposits", label: "Deposits", icon: Banknote },
  { to: "/dashboard/admin/payouts", label: "Payouts", icon: ArrowUpFromLine },
  { to: "/dashboard/admin/approvals", label: "Approvals", icon: CheckCheck },
  { to: "/dashboard/admin/plans", label: "Plans", icon: SlidersHorizontal },
  { to: "/dashboard/admin/messages", label: "Messages", icon: Inbox },
  { to: "/dashboard/admin/audit", label: "Audit log", icon: ScrollText },
  { to: "/dashboard/admin/reconciliation", label: "Reconciliation", icon: Scale },
  { to: "/dashboard/admin/mail", label: "Undelivered e-mail", icon: MailWarning },
];

/**
 * The admin section, with the number of new contact messages and of requests waiting for a second
 * admin on their items. Counted only for a session the back office takes (one that passed the
 * code), so a session it refuses never polls it.
 */
function AdminNav({ onNavigate }: { onNavigate: () => void }) {
  const backOffice = useSession().session?.backOffice === true;
  const unread = useNewMessageCount(backOffice).data ?? 0;
  const waiting = useApprovals("pending", backOffice).data?.items.length ?? 0;
  const items = ADMIN.map((item) => {
    if (item.to === "/dashboard/admin/messages" && unread > 0) return { ...item, badge: { count: unread, words: `${unread} new` } };
    if (item.to === "/dashboard/admin/approvals" && waiting > 0) return { ...item, badge: { count: waiting, words: `${waiting} waiting` } };
    return item;
  });
  return <NavSection title="Admin" items={items} onNavigate={onNavigate} />;
}

/** Display name, else the part of the e-mail before the @, else Guest (as the reference). */
export function displayName(user: Pick<SessionUser, "name" | "email"> | null | undefined): string {
  return user?.name?.trim() || user?.email?.split("@")[0] || "Guest";
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    // Compact beside the page (a pointer, 36 px targets) so the back office's sixteen items fit a
    // 900 px-high screen; full touch size in the phone's drawer.
    "flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors lg:min-h-9 lg:py-1.5",
    isActive ? "bg-brand-700 text-white" : "text-brand-100 hover:bg-brand-800 hover:text-white",
  );

function NavSection({ title, items, onNavigate }: { title: string; items: NavItem[]; onNavigate: () => void }) {
  return (
    <div>
      <h2 className="px-3 text-xs font-semibold uppercase tracking-wider text-brand-100/80">{title}</h2>
      <ul className="mt-2 flex flex-col gap-1 lg:mt-1 lg:gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={itemClass} onClick={onNavigate}>
              <item.icon aria-hidden="true" className="size-5" />
              {item.label}
              {item.badge && (
                <span className="ml-auto rounded-full bg-amber-300 px-2 text-xs font-semibold text-brand-900" data-testid="nav-badge">
                  <span aria-hidden="true">{item.badge.count}</span>
                  <span className="sr-only">, {item.badge.words}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether the element scrolls and has more below what shows (the sidebar's hint), kept current on scroll and resize. */
function useMoreBelow(element: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const measure = () => setMore(target.scrollHeight - target.scrollTop - target.clientHeight > 4);
    measure();
    target.addEventListener("scroll", measure, { passive: true });
    // The box keeps its height while its sections come and go (the admin's arrives with the session).
    const resized = new ResizeObserver(measure);
    resized.observe(target);
    const changed = new MutationObserver(measure);
    changed.observe(target, { childList: true, subtree: true });
    return () => {
      target.removeEventListener("scroll", measure);
      resized.disconnect();
      changed.disconnect();
    };
  }, [element]);
  return more;
}

/** Phone and tablet widths show the sidebar as a drawer; from this width it stays beside the page. */
const WIDE = "(min-width: 1024px)";

export function DashboardLayout() {
  const { site } = useBootstrap();
  const { user } = useSession();
  const { signOut, pending: signingOut } = useSignOut("/login");
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so any navigation (links, back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  const name = displayName(user);
  const sidebar = useRef<HTMLElement>(null);
  const nav = useRef<HTMLElement>(null);
  const moreBelow = useMoreBelow(nav);
  useFocusTrap(sidebar, open, close);

  // The current screen's item is always in view, however far down the list it is.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest" });
  }, [pathname]);

  // Widened past the drawer's breakpoint while open: the sidebar is no longer a drawer, so no trap.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia(WIDE);
    const onChange = () => wide.matches && setOpenOn(null);
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, [open]);

  return (
    <div className="min-h-screen bg-slate-100 lg:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      {open && <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden" onClick={close} />}
      {/*
        The dark column stretches with the page, so the sidebar's colour reaches the bottom of a long
        screen; the sidebar inside it sticks to the viewport. On narrow screens the column has no
        width and the sidebar is a fixed drawer. Nothing around it has a transform or filter, which
        would make the drawer's `fixed` relative to that box instead of the viewport.
      */}
      <div className="lg:w-64 lg:shrink-0 lg:bg-brand-900">
        <aside
          ref={sidebar}
          id="dashboard-sidebar"
          className={cn(
            "dark-surface fixed inset-y-0 left-0 z-40 flex h-dvh w-64 flex-col bg-brand-900 px-4 py-5 transition-[translate,visibility] lg:sticky lg:top-0 lg:visible lg:translate-x-0",
            // Closed, the drawer is also invisible, so Tab cannot reach its links off-screen.
            open ? "visible translate-x-0" : "invisible -translate-x-full",
          )}
          aria-label="Dashboard"
        >
          <div className="flex items-center justify-between">
            <Logo name={site.name} to="/dashboard" inverted onClick={close} />
            <button type="button" className="inline-flex size-11 items-center justify-center rounded-lg text-white lg:hidden" aria-label="Close menu" onClick={close}>
              <X aria-hidden="true" />
            </button>
          </div>
          <div className="relative mt-8 flex min-h-0 flex-1 flex-col lg:mt-5">
            <nav ref={nav} aria-label="Dashboard sections" className="flex flex-1 flex-col gap-8 overflow-y-auto lg:gap-4">
              <NavSection title="General" items={GENERAL} onNavigate={close} />
              <NavSection title="Account" items={ACCOUNT} onNavigate={close} />
              {user?.role === "admin" && <AdminNav onNavigate={close} />}
            </nav>
            {/* When the list is longer than the screen, the sidebar says so instead of hiding items. */}
            {moreBelow && (
              <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 bottom-0 flex h-10 items-end justify-center bg-gradient-to-t from-brand-900 to-transparent" data-testid="nav-more">
                <ChevronDown className="size-5 text-brand-100" />
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={signOut}
            disabled={signingOut}
            className="mt-4 flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-brand-100 hover:bg-brand-800 hover:text-white"
          >
            <LogOut aria-hidden="true" className="size-5" />
            Logout
          </button>
        </aside>
      </div>

      <div className="flex min-h-screen min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between border-b border-slate-200 bg-white px-4 sm:px-6">
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 lg:hidden"
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls="dashboard-sidebar"
            onClick={() => setOpenOn(pathname)}
          >
            <Menu aria-hidden="true" />
          </button>
          {/* relative: the bell's dropdown is placed against this group, which ends at the page padding. */}
          <div className="relative ml-auto flex items-center gap-3">
            <NotificationBell />
            {/* Truncated on a phone so a long name cannot push the bar wider than the screen. */}
            <span className="max-w-[9rem] truncate text-sm font-medium text-slate-800 sm:max-w-xs" data-testid="display-name">
              {name}
            </span>
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white uppercase">
              {name.charAt(0)}
            </span>
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <AccountBanners />
          {/* Screens load on demand (./index.tsx). */}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="border-t border-slate-200 bg-white px-6 py-4 text-center text-xs text-slate-600">
          © {new Date().getFullYear()} {site.name}. Investing involves risk.
        </footer>
      </div>
    </div>
  );
}
