import { projectReturn } from "#shared/calculator.js";
import { formatCents, formatRate, formatWholeDollars } from "#shared/money.js";
import type { PlanDto } from "#shared/plans.js";
import { earlyWithdrawalTerms } from "#web/lib/plan-terms.js";

/**
 * Brings the pre-rendered profit calculator (components/profit-calculator.tsx) to life without
 * React: a plan or an amount changed shows the plan's terms and the projected return at once.
 */
export function enhanceCalculator(root: HTMLElement, plans: PlanDto[]): void {
  const select = root.querySelector<HTMLSelectElement>("select");
  const input = root.querySelector<HTMLInputElement>("input");
  const form = root.querySelector("form");
  if (!select || !input || !form) return;
  const part = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const states = root.querySelectorAll<HTMLElement>("[data-result]");

  const show = (state: "none" | "error" | "ok") => states.forEach((element) => (element.hidden = element.dataset.result !== state));
  const update = () => {
    const plan = plans.find((candidate) => candidate.id === select.value);
    if (plan) {
      part("[data-testid=calculator-early-withdrawal]").textContent = earlyWithdrawalTerms(plan);
      part("[data-calculator-rate]").textContent = formatRate(plan.rateBasisPoints);
      input.placeholder = formatWholeDollars(BigInt(plan.minimumCents)).slice(1);
    }
    const result = plan && input.value.trim() !== "" ? projectReturn(plan, input.value) : undefined;
    if (result?.ok === false) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    if (!result) return show("none");
    if (!result.ok) {
      part("[data-testid=calculator-error]").textContent = result.message;
      return show("error");
    }
    part("[data-testid=calculator-profit]").textContent = formatCents(result.profitCents);
    part("[data-testid=calculator-total]").textContent = formatCents(result.totalCents);
    part("[data-testid=calculator-term]").textContent = `${result.termDays} days`;
    show("ok");
  };
  form.addEventListener("submit", (event) => event.preventDefault());
  select.addEventListener("change", update);
  input.addEventListener("input", update);
  // The browser may have kept a plan or an amount chosen before a reload.
  update();
}
