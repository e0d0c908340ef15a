import { Route, Routes } from "react-router";
import { UnavailableScreen } from "../dashboard/screens.js";
import { AdminApprovalsScreen } from "./approvals.js";
import { AdminAuditScreen } from "./audit.js";
import { AdminDepositsScreen } from "./deposits.js";
import { AdminMessagesScreen } from "./messages.js";
import { AdminReconciliationScreen } from "./reconciliation.js";
import { AdminOverviewScreen } from "./overview.js";
import { AdminMailScreen } from "./mail.js";
import { AdminPayoutsScreen } from "./payouts.js";
import { AdminPlansScreen } from "./plans.js";
import { AdminUserDetailScreen } from "./user-detail.js";
import { AdminUsersScreen } from "./users.js";
import { AdminVerificationDetailScreen } from "./verification-detail.js";
import { AdminVerificationsScreen } from "./verifications.js";

/** Everything under /dashboard/admin, behind the back-office guards of ../dashboard/index.tsx; loaded only when opened. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<AdminOverviewScreen />} />
      <Route path="users" element={<AdminUsersScreen />} />
      <Route path="users/:id" element={<AdminUserDetailScreen />} />
      <Route path="verifications" element={<AdminVerificationsScreen />} />
      <Route path="verifications/:id" element={<AdminVerificationDetailScreen />} />
      <Route path="deposits" element={<AdminDepositsScreen />} />
      <Route path="payouts" element={<AdminPayoutsScreen />} />
      <Route path="plans" element={<AdminPlansScreen />} />
      <Route path="approvals" element={<AdminApprovalsScreen />} />
      <Route path="audit" element={<AdminAuditScreen />} />
      <Route path="messages" element={<AdminMessagesScreen />} />
      <Route path="reconciliation" element={<AdminReconciliationScreen />} />
      <Route path="mail" element={<AdminMailScreen />} />
      <Route path="*" element={<UnavailableScreen title="Back office" />} />
    </Routes>
  );
}
