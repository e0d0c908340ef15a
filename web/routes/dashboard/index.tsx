import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, type ComponentType } from "react";
import { Loading } from "#web/components/ui/spinner.js";
import { Route, Routes } from "react-router";
import { queryClient } from "#web/lib/query-client.js";
import { ScrollToHash } from "#web/lib/scroll-to-hash.js";
import { NotFoundPage } from "../public/not-found.js";
import { UnavailableScreen } from "./screens.js";
import { BackOfficeGate, RequireAuth, TwoFactorGate } from "./guard.js";
import { DashboardLayout } from "./layout.js";
import { OverviewScreen } from "./overview.js";
import { ConfirmWithdrawalAddressScreen, SignedInOrPublicLayout } from "./confirm-withdrawal-address.js";

/**
 * Each screen but the overview (where signing in lands) is its own chunk, loaded when opened: the
 * dashboard's first load stays small (decision 0064). The layout shows "Loading..." meanwhile.
 */
const screen = (load: () => Promise<ComponentType>) => lazy(() => load().then((Screen) => ({ default: Screen })));
const InvestmentsScreen = screen(() => import("./investments.js").then((m) => m.InvestmentsScreen));
const RequestMoneyScreen = screen(() => import("./request-money.js").then((m) => m.RequestMoneyScreen));
const SettingsScreen = screen(() => import("./settings.js").then((m) => m.SettingsScreen));
const VerificationScreen = screen(() => import("./verification.js").then((m) => m.VerificationScreen));
const TransactionHistoryScreen = screen(() => import("./transactions.js").then((m) => m.TransactionHistoryScreen));
const DepositMethodScreen = screen(() => import("./deposit-method.js").then((m) => m.DepositMethodScreen));
const CryptoDepositScreen = screen(() => import("./crypto-deposit.js").then((m) => m.CryptoDepositScreen));
const BankDepositScreen = screen(() => import("./bank-deposit.js").then((m) => m.BankDepositScreen));
const NotificationsScreen = screen(() => import("./notifications.js").then((m) => m.NotificationsScreen));

/** The back office is one chunk of its own: an investor's dashboard never downloads it. */
type BackOffice = typeof import("../admin/back-office.js");
const BACK_OFFICE_ROUTES = (
  [
    ["", "AdminOverviewScreen"],
    ["users", "AdminUsersScreen"],
    ["users/:id", "AdminUserDetailScreen"],
    ["verifications", "AdminVerificationsScreen"],
    ["verifications/:id", "AdminVerificationDetailScreen"],
    ["deposits", "AdminDepositsScreen"],
    ["payouts", "AdminPayoutsScreen"],
    ["plans", "AdminPlansScreen"],
    ["approvals", "AdminApprovalsScreen"],
    ["audit", "AdminAuditScreen"],
    ["messages", "AdminMessagesScreen"],
    ["reconciliation", "AdminReconciliationScreen"],
    ["mail", "AdminMailScreen"],
  ] as Array<[path: string, name: keyof BackOffice]>
).map(([path, name]) => ({ path, Screen: screen(() => import("../admin/back-office.js").then((m) => m[name])) }));

/** An invoice is opened by few investors, and only in automatic mode: its screen is its own chunk. */
const CryptoInvoiceScreen = screen(() => import("./crypto-invoice.js").then((m) => m.CryptoInvoiceScreen));

/** Everything under /dashboard: loaded on demand, never pre-rendered. */
export default function DashboardRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Notification links end in #<subject>-<id>: scroll to that row once its list has loaded. */}
      <ScrollToHash />
      <Routes>
        <Route element={<SignedInOrPublicLayout />}>
          <Route path="settings/withdrawal-addresses/confirm" element={<ConfirmWithdrawalAddressScreen />} />
        </Route>
        <Route
          element={
            <RequireAuth>
              <DashboardLayout />
            </RequireAuth>
          }
        >
          <Route path="settings" element={<SettingsScreen />} />
          <Route element={<TwoFactorGate />}>
            <Route index element={<OverviewScreen />} />
            <Route path="investments" element={<InvestmentsScreen />} />
            <Route path="investment" element={<InvestmentsScreen />} />
            <Route path="transfer" element={<DepositMethodScreen />} />
            <Route path="transfer/fund" element={<BankDepositScreen />} />
            <Route path="transfer/crypto" element={<CryptoDepositScreen />} />
            <Route
              path="transfer/crypto/:id"
              element={
                <Suspense fallback={<Loading label="Loading the invoice..." />}>
                  <CryptoInvoiceScreen />
                </Suspense>
              }
            />
            <Route path="recieve" element={<RequestMoneyScreen />} />
            <Route path="transaction" element={<TransactionHistoryScreen />} />
            <Route path="notifications" element={<NotificationsScreen />} />
            <Route path="verification" element={<VerificationScreen />} />
            <Route
              path="admin"
              element={
                <RequireAuth role="admin">
                  <BackOfficeGate />
                </RequireAuth>
              }
            >
              {/* The overview is the index (path ""). */}
              {BACK_OFFICE_ROUTES.map(({ path, Screen }) => (path ? <Route key={path} path={path} element={<Screen />} /> : <Route key="index" index element={<Screen />} />))}
              <Route path="*" element={<UnavailableScreen title="Back office" />} />
            </Route>
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </QueryClientProvider>
  );
}
