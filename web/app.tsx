import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import type { ContentPage } from "#shared/content.js";
import type { Bootstrap } from "#shared/site.js";
import { ErrorBoundary } from "./components/layout/error-boundary.js";
import { PublicLayout } from "./components/layout/public-layout.js";
import { ScrollToTop } from "./components/layout/scroll-to-top.js";
import { Loading } from "./components/ui/spinner.js";
import { BootstrapProvider, useBootstrap } from "./lib/bootstrap.js";
import { PageDataProvider } from "./lib/page-data.js";
import { documentTitle, metaFor } from "./routes/meta.js";
import { isContentPath, LAZY_PUBLIC_PAGES } from "./routes/public-pages.js";
import { HomePage } from "./routes/public/home.js";
import { NotFoundPage } from "./routes/public/not-found.js";

const DashboardRoutes = lazy(() => import("./routes/dashboard/index.js"));

export function AppProviders({ bootstrap, pageData, children }: { bootstrap: Bootstrap; pageData: ContentPage | null; children: ReactNode }) {
  return (
    <BootstrapProvider value={bootstrap}>
      <PageDataProvider value={pageData}>{children}</PageDataProvider>
    </BootstrapProvider>
  );
}

function DocumentTitle() {
  const { pathname } = useLocation();
  const { site } = useBootstrap();
  useEffect(() => {
    // Content pages take their title from their own data (ContentPageView).
    if (!isContentPath(pathname)) document.title = documentTitle(metaFor(pathname), site.name);
  }, [pathname, site.name]);
  return null;
}

/** Marks the document once React owns it; browser tests wait for it before typing into forms. */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export function App() {
  return (
    <ErrorBoundary>
      <ScrollToTop />
      <DocumentTitle />
      <HydrationMarker />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          {LAZY_PUBLIC_PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="packages" element={<Navigate to="/plan" replace />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path="dashboard/*"
          element={
            <Suspense fallback={<Loading />}>
              <DashboardRoutes />
            </Suspense>
          }
        />
      </Routes>
    </ErrorBoundary>
  );
}
