import { MoneyRequestLists } from "#web/features/money-requests/components/request-lists.js";
import { RequestMoneyForm } from "#web/features/money-requests/components/request-money-form.js";
import { ScreenTitle } from "./screens.js";

/** /dashboard/recieve (the reference site's spelling; docs/product.md, section 9): ask another user for money, and answer what others asked of you. */
export function RequestMoneyScreen() {
  return (
    <section className="mx-auto max-w-3xl">
      <ScreenTitle title="Request Money">Ask another user to send you money. When they pay, it arrives in your Main Balance.</ScreenTitle>
      <RequestMoneyForm />
      <MoneyRequestLists />
    </section>
  );
}
