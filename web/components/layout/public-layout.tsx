import { Suspense } from "react";
import { Outlet } from "react-router";
import { Loading } from "../ui/spinner.js";
import { SiteFooter } from "./site-footer.js";
import { SiteNav } from "./site-nav.js";

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <SiteNav />
      <main id="main" className="flex-1 pt-16">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
