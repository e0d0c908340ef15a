import { matchPath } from "react-router";
import { lazyPage, type LazyPage } from "../lib/lazy-page.js";
import { guestOnly } from "./auth/guest-only.js";

/**
 * Pages under the public layout besides Home and 404. All are pre-rendered; an `island` page is
 * the one part of a public page React renders in the browser too (web/islands): its forms. Loaded
 * on demand, so the browser loads only the island it hydrates.
 */
export const LAZY_PUBLIC_PAGES: Array<{ path: string; Page: LazyPage; island?: true }> = [
  { path: "/about", Page: lazyPage(() => import("./public/about.js").then((m) => m.AboutPage)) },
  { path: "/plan", Page: lazyPage(() => import("./public/plans.js").then((m) => m.PlansPage)) },
  { path: "/contact", Page: lazyPage(() => import("./public/contact.js").then((m) => m.ContactPage)), island: true },
  { path: "/login", Page: lazyPage(() => import("./auth/login.js").then((m) => guestOnly(m.LoginPage))), island: true },
  { path: "/signup", Page: lazyPage(() => import("./auth/signup.js").then((m) => guestOnly(m.SignupPage))), island: true },
  { path: "/check-email", Page: lazyPage(() => import("./auth/check-email.js").then((m) => m.CheckEmailPage)), island: true },
  { path: "/forgot-password", Page: lazyPage(() => import("./auth/forgot-password.js").then((m) => m.ForgotPasswordPage)), island: true },
  { path: "/reset-password", Page: lazyPage(() => import("./auth/reset-password.js").then((m) => m.ResetPasswordPage)), island: true },
];

const ContentPage = lazyPage(() => import("./public/content-page.js").then((m) => m.ContentPageView));
export const CONTENT_PATHS = ["/blog", "/blog/:slug", "/terms", "/privacy", "/risk", "/how-returns-work"];
LAZY_PUBLIC_PAGES.push(...CONTENT_PATHS.map((path) => ({ path, Page: ContentPage })));

export function isContentPath(pathname: string): boolean {
  return CONTENT_PATHS.some((path) => matchPath(path, pathname));
}

/** The island page at `pathname`, if that page has one. */
export function islandPageAt(pathname: string): LazyPage | undefined {
  return LAZY_PUBLIC_PAGES.find(({ path, island }) => island && matchPath(path, pathname))?.Page;
}

export async function preloadAllPages(): Promise<void> {
  await Promise.all(LAZY_PUBLIC_PAGES.map(({ Page }) => Page.preload()));
}
