import { useEffect } from "react";
import { Route, Routes, useLocation } from "react-router";
import { ErrorBoundary } from "./components/layout/error-boundary.js";
import { ScrollToTop } from "./components/layout/scroll-to-top.js";
import { useBootstrap } from "./lib/bootstrap.js";
import { markHydrated } from "./lib/embedded.js";
import { documentTitle, metaFor } from "./routes/meta.js";
import DashboardRoutes from "./routes/dashboard/index.js";

function DocumentTitle() {
  const { pathname } = useLocation();
  const { site } = useBootstrap();
  useEffect(() => {
    document.title = documentTitle(metaFor(pathname), site.name);
  }, [pathname, site.name]);
  return null;
}

/** Any address outside the dashboard is a pre-rendered page: the browser loads it afresh. */
function FullPageLoad() {
  useEffect(() => window.location.reload(), []);
  return null;
}

/** The signed-in app (web/entry-client.tsx): everything under /dashboard, rendered in the browser. */
export function DashboardApp() {
  useEffect(markHydrated, []);
  return (
    <ErrorBoundary>
      <ScrollToTop />
      <DocumentTitle />
      <Routes>
        <Route path="dashboard/*" element={<DashboardRoutes />} />
        <Route path="*" element={<FullPageLoad />} />
      </Routes>
    </ErrorBoundary>
  );
}
