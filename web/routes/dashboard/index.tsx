import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Routes } from "react-router";
import { queryClient } from "../../lib/query-client.js";
import { NotFoundPage } from "../public/not-found.js";
import { RequireAuth } from "./guard.js";
import { DashboardLayout } from "./layout.js";
import { SettingsScreen } from "./settings.js";
import { OverviewScreen, PlanListScreen, UnavailableScreen } from "./screens.js";

/** Everything under /dashboard: loaded on demand, never pre-rendered. */
export default function DashboardRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
      <Route
        element={
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        }
      >
        <Route index element={<OverviewScreen />} />
        <Route path="investments" element={<PlanListScreen />} />
        <Route path="investment" element={<PlanListScreen />} />
        <Route path="settings" element={<SettingsScreen />} />
        <Route path="transfer" element={<UnavailableScreen title="Choose Transfer Method" />} />
        <Route path="transfer/fund" element={<UnavailableScreen title="Transfer Funds" />} />
        <Route path="transfer/crypto" element={<UnavailableScreen title="Transfer with Crypto" />} />
        <Route path="recieve" element={<UnavailableScreen title="Request Money" />} />
        <Route path="transaction" element={<UnavailableScreen title="Transaction Details" />} />
        <Route
          path="admin/*"
          element={
            <RequireAuth role="admin">
              <UnavailableScreen title="Back office" />
            </RequireAuth>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      </Routes>
    </QueryClientProvider>
  );
}
