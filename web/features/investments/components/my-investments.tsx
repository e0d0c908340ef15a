import { Alert } from "#web/components/ui/alert.js";
import { LinkButton } from "#web/components/ui/button.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useMyInvestments } from "../api/investments.js";
import { InvestmentItem } from "./investment-item.js";

const COMPACT_COUNT = 3;

/** The caller's investments, newest first. `compact`: the latest few on the overview, with a link to all. */
export function MyInvestments({ compact = false }: { compact?: boolean }) {
  const investments = useMyInvestments();
  if (investments.isPending) return <Loading label="Loading your investments..." />;
  if (investments.isError) return <Alert tone="error">Your investments could not be loaded. Reload the page to try again.</Alert>;

  const all = investments.data.items;
  if (all.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-card border border-dashed border-slate-300 bg-white p-6 text-slate-700" data-testid="investments-empty">
        <p>You have no investments yet. {compact ? "Choose a plan to put your balance to work." : "Choose a plan above to start."}</p>
        {compact && <LinkButton to="/dashboard/investment">See the plans</LinkButton>}
      </div>
    );
  }

  const shown = compact ? all.slice(0, COMPACT_COUNT) : all;
  const byId = new Map(all.map((investment) => [investment.id, investment]));
  const related = (id: string) => byId.get(id);
  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
        {shown.map((investment) => (
          <InvestmentItem key={investment.id} investment={investment} compact={compact} related={related} />
        ))}
      </ul>
      {compact && (
        <LinkButton to="/dashboard/investment" variant="secondary" className="self-start">
          {all.length > shown.length ? `View all ${all.length} investments` : "View investments and plans"}
        </LinkButton>
      )}
    </div>
  );
}
