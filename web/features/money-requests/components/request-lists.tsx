import type { ReactNode } from "react";
import { formatCents } from "#shared/money.js";
import { Alert } from "#web/components/ui/alert.js";
import { Loading } from "#web/components/ui/spinner.js";
import { TitledSection } from "#web/components/ui/titled-section.js";
import { useMoneyRequests } from "../api/money-requests.js";
import { IncomingRequest } from "./incoming-request.js";
import { RequestSummary } from "./request-details.js";
import { subjectAnchor } from "#shared/schemas/notifications.js";

const LIST = "divide-y divide-slate-200 rounded-card border border-slate-200 bg-white";
const EMPTY = "rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700";

/** "Requests to you" (with Pay and Decline) and "Your requests" (with their status), from one list the server sends. */
export function MoneyRequestLists() {
  const requests = useMoneyRequests();
  const incoming = requests.data?.items.filter((request) => request.direction === "incoming") ?? [];
  const outgoing = requests.data?.items.filter((request) => request.direction === "outgoing") ?? [];

  const state = (content: ReactNode) => {
    if (requests.isPending) return <Loading label="Loading requests..." />;
    if (requests.isError) return <Alert tone="error">Requests could not be loaded. Reload the page to try again.</Alert>;
    return content;
  };

  return (
    <>
      <TitledSection title="Requests to you" className="mt-10">
        {state(
          incoming.length === 0 ? (
            <p className={EMPTY} data-testid="incoming-empty">
              No one has asked you for money.
            </p>
          ) : (
            <ul className={LIST}>
              {incoming.map((request) => (
                <IncomingRequest key={request.id} request={request} />
              ))}
            </ul>
          ),
        )}
      </TitledSection>
      <TitledSection title="Your requests" className="mt-10">
        {state(
          outgoing.length === 0 ? (
            <p className={EMPTY} data-testid="outgoing-empty">
              You have not requested money yet.
            </p>
          ) : (
            <ul className={LIST}>
              {outgoing.map((request) => (
                <li key={request.id} id={subjectAnchor("money-request", request.id)} className="flex scroll-mt-24 flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="outgoing-request">
                  <RequestSummary request={request}>
                    You asked {request.counterparty.name || request.counterparty.email} for {formatCents(request.amountCents)}
                  </RequestSummary>
                </li>
              ))}
            </ul>
          ),
        )}
      </TitledSection>
    </>
  );
}
