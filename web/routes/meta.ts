export interface PageMeta {
  title: string;
  description: string;
}

const PUBLIC_META: Record<string, PageMeta> = {
  "/": { title: "Fixed-term investment plans", description: "Choose a fixed-term plan, see the exact return before you invest, and receive principal and profit at maturity." },
  "/about": { title: "About us", description: "Who we are and the values we work by: transparency, security and growth." },
  "/plan": { title: "Investment plans", description: "Five fixed-term plans with their minimums, rates and terms shown up front." },
  "/contact": { title: "Contact us", description: "Reach our support team by e-mail, phone or the contact form." },
  "/login": { title: "Log in", description: "Log in to your account to see your balances and investments." },
  "/signup": { title: "Create an account", description: "Open an account in a minute with your name, e-mail and a password." },
  "/check-email": { title: "Check your e-mail", description: "Confirm your address with the link we sent you." },
  "/forgot-password": { title: "Forgot password", description: "Get a link by e-mail to choose a new password." },
  "/reset-password": { title: "Choose a new password", description: "Set a new password for your account." },
};

export const NOT_FOUND_META: PageMeta = { title: "Page not found", description: "The page you asked for does not exist." };

/**
 * The browser tab's name for each signed-in screen: the screen's own heading (the overview's
 * greeting holds the user's name, so it is "Dashboard"). Not pre-rendered, so no description.
 */
export const DASHBOARD_TITLES: Record<string, string> = {
  "/dashboard": "Dashboard",
  "/dashboard/investment": "Investment Plans",
  "/dashboard/investments": "Investment Plans",
  "/dashboard/transfer": "Choose Transfer Method",
  "/dashboard/transfer/crypto": "Transfer with Crypto",
  "/dashboard/transfer/fund": "Transfer Funds",
  "/dashboard/recieve": "Request Money",
  "/dashboard/transaction": "Transaction History",
  "/dashboard/notifications": "Notifications",
  "/dashboard/settings": "Settings",
  "/dashboard/verification": "Verify your identity",
  "/dashboard/settings/withdrawal-addresses/confirm": "Confirm your withdrawal address",
  "/dashboard/admin": "Back office",
  "/dashboard/admin/users": "Users",
  "/dashboard/admin/deposits": "Deposits",
  "/dashboard/admin/payouts": "Payouts",
  "/dashboard/admin/plans": "Plans",
  "/dashboard/admin/audit": "Audit log",
  "/dashboard/admin/messages": "Messages",
  "/dashboard/admin/reconciliation": "Reconciliation",
  "/dashboard/admin/mail": "Undelivered e-mail",
  "/dashboard/admin/verifications": "Identity checks",
};

export function metaFor(pathname: string): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/dashboard" || path.startsWith("/dashboard/")) {
    // An unknown back-office path shows "Back office" (not available yet); any other, the 404 page.
    const title =
      DASHBOARD_TITLES[path] ??
      (path.startsWith("/dashboard/admin/users/") ? "User" : path.startsWith("/dashboard/admin/verifications/") ? "Identity check" : /^\/dashboard\/transfer\/crypto\/[^/]+$/.test(path) ? "Pay your Bitcoin invoice" : path.startsWith("/dashboard/admin/") ? DASHBOARD_TITLES["/dashboard/admin"] : undefined);
    return title ? { title, description: "" } : NOT_FOUND_META;
  }
  return PUBLIC_META[pathname] ?? NOT_FOUND_META;
}

export function documentTitle(meta: PageMeta, siteName: string): string {
  return `${meta.title} · ${siteName}`;
}

/** Pre-rendered at start; the server adds the content pages (blog, legal) it finds in content/. */
export const PRERENDER_ROUTES = Object.keys(PUBLIC_META);
