import { Link, useParams } from "react-router";
import { useAdminVerification } from "#web/features/admin-verifications/api/admin-verifications.js";
import { CaseDecision } from "#web/features/admin-verifications/components/case-decision.js";
import { CaseDetails } from "#web/features/admin-verifications/components/case-details.js";
import { CaseFiles } from "#web/features/admin-verifications/components/case-files.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { ApiError } from "#web/lib/api.js";
import { ScreenTitle } from "../dashboard/screens.js";

/** /dashboard/admin/verifications/:id: one identity case: the details, the files and the decision. */
export function AdminVerificationDetailScreen() {
  const id = useParams().id ?? "";
  const item = useAdminVerification(id);
  return (
    <section className="flex flex-col gap-6">
      <div>
        <Link to="/dashboard/admin/verifications" className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          All identity checks
        </Link>
        <div className="mt-2">
          <ScreenTitle title="Identity check">Compare the details with the document in the files, then decide. The investor is told the outcome and your reason.</ScreenTitle>
        </div>
      </div>
      {item.isPending && <Loading />}
      {item.isError && (
        <Alert tone="error">{item.error instanceof ApiError && item.error.status === 404 ? "There is no identity check with this ID." : "This case could not be loaded. Reload the page to try again."}</Alert>
      )}
      {item.data && (
        <>
          <CaseDetails item={item.data} />
          <CaseFiles item={item.data} />
          <CaseDecision item={item.data} />
        </>
      )}
    </section>
  );
}
