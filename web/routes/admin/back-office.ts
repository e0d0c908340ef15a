/**
 * The back office's screens, one chunk loaded only when an admin opens one (../dashboard/index.tsx):
 * an investor's dashboard never downloads it (decision 0064).
 */
export { AdminApprovalsScreen } from "./approvals.js";
export { AdminAuditScreen } from "./audit.js";
export { AdminDepositsScreen } from "./deposits.js";
export { AdminMessagesScreen } from "./messages.js";
export { AdminReconciliationScreen } from "./reconciliation.js";
export { AdminOverviewScreen } from "./overview.js";
export { AdminMailScreen } from "./mail.js";
export { AdminPayoutsScreen } from "./payouts.js";
export { AdminPlansScreen } from "./plans.js";
export { AdminUserDetailScreen } from "./user-detail.js";
export { AdminUsersScreen } from "./users.js";
export { AdminVerificationDetailScreen } from "./verification-detail.js";
export { AdminVerificationsScreen } from "./verifications.js";
