import { matchPath } from "react-router";
import { lazyPage, type LazyPage } from "../lib/lazy-page.js";
import { guestOnly } from "./auth/guest-only.js";

/** Pages under the public layout that load on demand; Home and 404 ship in the main bundle. */
export const LAZY_PUBLIC_PAGES: Array<{ path: string; Page: LazyPage }> = [
  { path: "/about", Page: lazyPage(() => import("./public/about.js").then((m) => m.AboutPage)) },
  { path: "/plan", Page: lazyPage(() => import("./public/plans.js").then((m) => m.PlansPage)) },
  { path: "/contact", Page: lazyPage(() => import("./public/contact.js").then((m) => m.ContactPage)) },
  { path: "/login", Page: lazyPage(() => import("./auth/login.js").then((m) => guestOnly(m.LoginPage))) },
  { path: "/signup", Page: lazyPage(() => import("./auth/signup.js").then((m) => guestOnly(m.SignupPage))) },
  { path: "/check-email", Page: lazyPage(() => import("./auth/check-email.js").then((m) => m.CheckEmailPage)) },
  { path: "/forgot-password", Page: lazyPage(() => import("./auth/forgot-password.js").then((m) => m.ForgotPasswordPage)) },
  { path: "/reset-password", Page: lazyPage(() => import("./auth/reset-password.js").then((m) => m.ResetPasswordPage)) },
];

const ContentPage = lazyPage(() => import("./public/content-page.js").then((m) => m.ContentPageView));
export const CONTENT_PATHS = ["/blog", "/blog/:slug", "/terms", "/privacy", "/risk", "/how-returns-work"];
LAZY_PUBLIC_PAGES.push(...CONTENT_PATHS.map((path) => ({ path, Page: ContentPage })));

export function isContentPath(pathname: string): boolean {
  return CONTENT_PATHS.some((path) => matchPath(path, pathname));
}

/** Loads the code of the page at `pathname` so hydration renders it without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  const match = LAZY_PUBLIC_PAGES.find(({ path }) => matchPath(path, pathname));
  await match?.Page.preload();
}

export async function preloadAllPages(): Promise<void> {
  await Promise.all(LAZY_PUBLIC_PAGES.map(({ Page }) => Page.preload()));
}
