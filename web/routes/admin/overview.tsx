import { Link } from "react-router";
import { useAdminOverview } from "#web/features/admin-overview/api/admin-overview.js";
import { DailyCharts } from "#web/features/admin-overview/components/daily-charts.js";
import { OverviewFigures } from "#web/features/admin-overview/components/overview-figures.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin: what waits, what is owed and what moved, read from the database (refreshed each minute). */
export function AdminOverviewScreen() {
  const overview = useAdminOverview();
  return (
    <section>
      <ScreenTitle title="Back office">What is waiting for you, what the platform owes its users, and what moved, as the database has it now.</ScreenTitle>
      {overview.isPending && <Loading />}
      {overview.isError && <Alert tone="error">The overview could not be loaded. Reload the page to try again.</Alert>}
      {overview.data && (
        <>
          <OverviewFigures overview={overview.data} />
          <DailyCharts daily={overview.data.daily} />
        </>
      )}
      <p className="mt-6 text-sm text-slate-700">
        To credit a user&apos;s matured interest now,{" "}
        <Link to="/dashboard/admin/users" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          find the user
        </Link>{" "}
        and use the interest tool on their page.
      </p>
    </section>
  );
}
