import { Bitcoin, ChevronRight, Landmark, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { ScreenTitle } from "./screens.js";

const METHODS: Array<{ to: string; title: string; text: string; icon: LucideIcon }> = [
  { to: "crypto", title: "Crypto Transfer", text: "Send Bitcoin from your wallet to our deposit address.", icon: Bitcoin },
  { to: "fund", title: "Bank Transfer", text: "Pay into our account at Access Bank, UBA or GTBank.", icon: Landmark },
];

/** /dashboard/transfer (the reference site's URL): choosing how to deposit, crypto or bank; links relative to this route, as that site has them. */
export function DepositMethodScreen() {
  return (
    <section>
      <ScreenTitle title="Choose Transfer Method">Add money to your account by crypto or bank transfer. It reaches your Main Balance once we confirm it arrived.</ScreenTitle>
      <ul className="grid max-w-3xl gap-4 sm:grid-cols-2">
        {METHODS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="flex h-full items-center gap-4 rounded-card border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50">
              <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-brand-900">{title}</span>
                <span className="text-sm text-slate-700">{text}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
