import { useQuery } from "@tanstack/react-query";
import type { StatementPeriodsDto } from "#shared/schemas/statements.js";
import { apiRequest } from "#web/lib/api.js";
import { STATEMENTS_KEY } from "#web/lib/query-keys.js";

export { monthlyStatementUrl, yearlyStatementUrl } from "#shared/schemas/statements.js";

/** The caller's statements: every complete month and year since the account opened, newest first. */
export function useStatementPeriods() {
  return useQuery({
    queryKey: STATEMENTS_KEY,
    queryFn: () => apiRequest<StatementPeriodsDto>("/api/statements"),
    // A new statement appears when a month ends: an hour's staleness costs nothing.
    staleTime: 60 * 60_000,
  });
}
