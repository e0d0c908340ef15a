import { Loading } from "#web/components/ui/spinner.js";

const CELL = "px-4 py-3 font-semibold";

/**
 * The latest confirmed deposits (at most ten), masked; an honest empty state before there are any.
 * Every state is pre-rendered, all but "loading" hidden; ../enhance-recent-deposits.ts fetches the
 * rows and shows the state they call for.
 */
export function RecentDeposits() {
  return (
    <div data-recent-deposits>
      <div data-feed="loading">
        <Loading label="Loading recent deposits..." />
      </div>
      <p className="text-center text-slate-700" data-feed="failed" hidden>
        Recent deposits could not be loaded.
      </p>
      <p className="rounded-card border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700" data-testid="recent-deposits-empty" data-feed="empty" hidden>
        No confirmed deposits yet. The latest ones will appear here, with names and addresses partly hidden.
      </p>
      <div className="overflow-x-auto rounded-card border border-slate-200 bg-white" data-feed="rows" hidden>
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Latest confirmed deposits</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={CELL}>Date</th>
              <th scope="col" className={CELL}>Investor</th>
              <th scope="col" className={CELL}>Method</th>
              <th scope="col" className={CELL}>From</th>
              <th scope="col" className={`${CELL} text-right`}>Amount</th>
            </tr>
          </thead>
          {/* Each row's cells take these classes, in order (enhance-recent-deposits.ts). */}
          <tbody className="divide-y divide-slate-200" data-cells="px-4 py-3|px-4 py-3|px-4 py-3|px-4 py-3 font-mono text-xs|px-4 py-3 text-right font-semibold" />
        </table>
      </div>
    </div>
  );
}
