import type { PublicStats } from "#shared/schemas/public.js";
import { apiRequest } from "#web/lib/api.js";

const number = new Intl.NumberFormat("en-US");

type Figure = { value: number | null; one: string; many: string };

/**
 * Fills the pre-rendered figures (components/live-figures.tsx). Nothing is rounded up, and a count
 * the server withholds (below the operator's minimum) is left out rather than shown as 0.
 */
export async function enhanceLiveFigures(list: HTMLElement): Promise<void> {
  let stats: PublicStats;
  try {
    stats = await apiRequest<PublicStats>("/api/public/stats");
  } catch {
    // As before they arrive: no figures, rather than invented ones.
    return;
  }
  const all: Figure[] = [
    { value: stats.investors, one: "investor", many: "investors" },
    { value: stats.investments, one: "investment", many: "investments" },
    { value: stats.activePlans, one: "plan open", many: "plans open" },
  ];
  for (const { value, one, many } of all) {
    if (value === null) continue;
    const label = value === 1 ? one : many;
    const item = document.createElement("div");
    const term = Object.assign(document.createElement("dt"), { className: "sr-only", textContent: label });
    const figure = Object.assign(document.createElement("dd"), { className: "text-3xl font-bold text-white", textContent: `${number.format(value)} ` });
    figure.append(Object.assign(document.createElement("span"), { className: "text-base font-medium text-brand-100", textContent: label }));
    item.append(term, figure);
    list.append(item);
  }
  list.setAttribute("aria-busy", "false");
}
