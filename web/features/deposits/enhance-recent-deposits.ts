import { formatCents } from "#shared/money.js";
import type { ListOf } from "#shared/schemas/paging.js";
import type { PublicDepositDto } from "#shared/schemas/public.js";
import { apiRequest } from "#web/lib/api.js";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** Fetches the latest deposits into the pre-rendered table (components/recent-deposits.tsx). */
export async function enhanceRecentDeposits(root: HTMLElement): Promise<void> {
  const show = (state: string) => root.querySelectorAll<HTMLElement>("[data-feed]").forEach((element) => (element.hidden = element.dataset.feed !== state));
  let feed: ListOf<PublicDepositDto>;
  try {
    feed = await apiRequest<ListOf<PublicDepositDto>>("/api/public/recent-deposits");
  } catch {
    return show("failed");
  }
  if (feed.items.length === 0) return show("empty");
  const body = root.querySelector<HTMLElement>("tbody")!;
  const cellClasses = (body.dataset.cells ?? "").split("|");
  for (const deposit of feed.items) {
    const row = document.createElement("tr");
    const texts = [
      dateFormat.format(new Date(deposit.confirmedAt)),
      deposit.name,
      deposit.method === "crypto" ? "Crypto" : "Bank transfer",
      deposit.address,
      formatCents(BigInt(deposit.amountCents)),
    ];
    texts.forEach((text, index) => row.append(Object.assign(document.createElement("td"), { className: cellClasses[index] ?? "", textContent: text })));
    body.append(row);
  }
  show("rows");
}
