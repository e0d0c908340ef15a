import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import type { Bootstrap } from "../shared/site.js";
import { ErrorBoundary } from "./components/layout/error-boundary.js";
import { PublicLayout } from "./components/layout/public-layout.js";
import { ScrollToTop } from "./components/layout/scroll-to-top.js";
import { Loading } from "./components/ui/spinner.js";
import { BootstrapProvider, useBootstrap } from "./lib/bootstrap.js";
import { ForgotPasswordPage } from "./routes/auth/forgot-password.js";
import { LoginPage } from "./routes/auth/login.js";
import { ResetPasswordPage } from "./routes/auth/reset-password.js";
import { SignupPage } from "./routes/auth/signup.js";
import { documentTitle, metaFor } from "./routes/meta.js";
import { AboutPage } from "./routes/public/about.js";
import { BlogPage } from "./routes/public/blog.js";
import { ContactPage } from "./routes/public/contact.js";
import { HomePage } from "./routes/public/home.js";
import { NotFoundPage } from "./routes/public/not-found.js";
import { PlansPage } from "./routes/public/plans.js";

const DashboardRoutes = lazy(() => import("./routes/dashboard/index.js"));

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
}

export function AppProviders({ bootstrap, queryClient, children }: { bootstrap: Bootstrap; queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BootstrapProvider value={bootstrap}>{children}</BootstrapProvider>
    </QueryClientProvider>
  );
}

function DocumentTitle() {
  const { pathname } = useLocation();
  const { site } = useBootstrap();
  useEffect(() => {
    document.title = documentTitle(metaFor(pathname), site.name);
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
          <Route path="about" element={<AboutPage />} />
          <Route path="plan" element={<PlansPage />} />
          <Route path="packages" element={<Navigate to="/plan" replace />} />
          <Route path="blog" element={<BlogPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="signup" element={<SignupPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
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
