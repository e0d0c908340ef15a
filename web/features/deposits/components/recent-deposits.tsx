import type { ListOf } from "#shared/schemas/paging.js";
import { formatCents } from "#shared/money.js";
import { Loading } from "#web/components/ui/spinner.js";
import { useApi } from "#web/lib/use-api.js";
import type { PublicDepositDto } from "#shared/schemas/public.js";


const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** The latest confirmed deposits (at most ten), masked; an honest empty state before there are any. */
export function RecentDeposits() {
  const feed = useApi<ListOf<PublicDepositDto>>("/api/public/recent-deposits");
  if (feed.status === "loading") return <Loading label="Loading recent deposits..." />;
  if (feed.status === "failed") return <p className="text-center text-slate-700">Recent deposits could not be loaded.</p>;
  if (feed.data.items.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700" data-testid="recent-deposits-empty">
        No confirmed deposits yet. The latest ones will appear here, with names and addresses partly hidden.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-card border border-slate-200 bg-white">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Latest confirmed deposits</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Date</th>
            <th scope="col" className="px-4 py-3 font-semibold">Investor</th>
            <th scope="col" className="px-4 py-3 font-semibold">Method</th>
            <th scope="col" className="px-4 py-3 font-semibold">From</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Amount</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {feed.data.items.map((deposit) => (
            <tr key={deposit.id}>
              <td className="px-4 py-3">{dateFormat.format(new Date(deposit.confirmedAt))}</td>
              <td className="px-4 py-3">{deposit.name}</td>
              <td className="px-4 py-3">{deposit.method === "crypto" ? "Crypto" : "Bank transfer"}</td>
              <td className="px-4 py-3 font-mono text-xs">{deposit.address}</td>
              <td className="px-4 py-3 text-right font-semibold">{formatCents(BigInt(deposit.amountCents))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
