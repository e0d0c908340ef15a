import { Link, useParams } from "react-router";
import { useAdminUser } from "#web/features/admin-users/api/admin-users.js";
import { UserActivity } from "#web/features/admin-users/components/user-activity.js";
import { UserProfilePanel } from "#web/features/admin-users/components/user-profile.js";
import { CreditInterestPanel } from "#web/features/investments/components/credit-interest-panel.js";
import { BalanceCardList } from "#web/features/ledger/components/balance-cards.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { ApiError } from "#web/lib/api.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/users/:id: one account: profile and actions, the six figures as the user sees them, the interest tool and every list. */
export function AdminUserDetailScreen() {
  const id = useParams().id ?? "";
  const detail = useAdminUser(id);
  return (
    <section className="flex flex-col gap-8">
      <div>
        <Link to="/dashboard/admin/users" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          All users
        </Link>
        <div className="mt-2">
          <ScreenTitle title="User">The account, its six figures exactly as the user sees them, and everything it did.</ScreenTitle>
        </div>
      </div>
      {detail.isPending && <Loading />}
      {detail.isError && (
        <Alert tone="error">{detail.error instanceof ApiError && detail.error.status === 404 ? "There is no user with this ID." : "This user could not be loaded. Reload the page to try again."}</Alert>
      )}
      {detail.data && (
        <>
          <UserProfilePanel profile={detail.data.profile} />
          {detail.data.identityCase && (
            <p className="text-sm">
              <Link
                to={`/dashboard/admin/verifications/${encodeURIComponent(detail.data.identityCase.id)}`}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Open the identity check
              </Link>
            </p>
          )}
          <BalanceCardList summary={detail.data.summary} name={`Balances of ${detail.data.profile.email}`} />
          <CreditInterestPanel userId={id} />
          <UserActivity userId={id} />
        </>
      )}
    </section>
  );
}
