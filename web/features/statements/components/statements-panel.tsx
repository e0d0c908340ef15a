import { FileDown } from "lucide-react";
import { useId, useState } from "react";
import { monthAfter, monthName } from "#shared/schemas/statements.js";
import { Alert } from "#web/components/ui/alert.js";
import { buttonClass } from "#web/components/ui/button.js";
import { SelectField } from "#web/components/ui/select-field.js";
import { Loading } from "#web/components/ui/spinner.js";
import { monthlyStatementUrl, useStatementPeriods, yearlyStatementUrl } from "../api/statements.js";

/** The anchor the monthly e-mail links to (`/dashboard/transaction#statements`). */
export const STATEMENTS_ANCHOR = "statements";

/**
 * The investor's PDF statements (docs/product.md, "Statements"): pick a month for the account
 * statement or a year for the interest statement, and download it. Only periods that are over
 * are offered; before the first one, the panel says when it will be ready.
 */
export function StatementsPanel() {
  const periods = useStatementPeriods();
  const headingId = useId();
  return (
    <section id={STATEMENTS_ANCHOR} aria-labelledby={headingId} className="-m-3 scroll-mt-24 rounded-card p-3" data-testid="statements">
      <h2 id={headingId} className="text-lg font-semibold text-brand-900">
        Statements
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        PDF statements for each month and year that is over, from the same records as the list below. We e-mail you when a month&apos;s statement is ready; we never
        attach one.
      </p>
      {periods.isPending && <Loading label="Loading your statements..." />}
      {periods.isError && <Alert tone="error">Your statements could not be loaded. Reload the page to try again.</Alert>}
      {periods.data && (
        <div className="grid gap-4 md:grid-cols-2">
          <StatementPicker
            title="Monthly account statement"
            text="Opening and closing Main Balance and every movement of the month."
            label="Month"
            options={periods.data.months.map((month) => ({ value: month, label: monthName(month) }))}
            href={monthlyStatementUrl}
            fileName={(month) => `termvest-statement-${month}.pdf`}
            none={`Your first monthly statement, for ${monthName(periods.data.nextMonth)}, will be ready on 1 ${monthName(monthAfter(periods.data.nextMonth))}.`}
          />
          <StatementPicker
            title="Yearly interest statement"
            text="The interest your investments paid and the fees you paid in the year."
            label="Year"
            options={periods.data.years.map((year) => ({ value: year, label: year }))}
            href={yearlyStatementUrl}
            fileName={(year) => `termvest-interest-statement-${year}.pdf`}
            none={`Your first interest statement, for ${periods.data.nextMonth.slice(0, 4)}, will be ready on 1 January ${Number(periods.data.nextMonth.slice(0, 4)) + 1}.`}
          />
        </div>
      )}
    </section>
  );
}

interface PickerProps {
  title: string;
  text: string;
  label: string;
  options: Array<{ value: string; label: string }>;
  href: (value: string) => string;
  fileName: (value: string) => string;
  /** What to say while there is no period to offer yet. */
  none: string;
}

/** One kind of statement: a choice of period and a download link for it (a plain link: the browser downloads it with the session cookie). */
function StatementPicker({ title, text, label, options, href, fileName, none }: PickerProps) {
  const [chosen, setChosen] = useState<string>();
  const value = chosen ?? options[0]?.value;
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-4 sm:p-5">
      <div>
        <h3 id={titleId} className="font-semibold text-brand-900">
          {title}
        </h3>
        <p className="text-sm text-slate-700">{text}</p>
      </div>
      {value === undefined ? (
        <p className="text-sm text-slate-700">{none}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField label={label} value={value} onChange={(event) => setChosen(event.target.value)} className="sm:min-w-48 sm:flex-1">
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <a href={href(value)} download={fileName(value)} className={buttonClass("secondary", "shrink-0")}>
            <FileDown aria-hidden="true" className="size-4" />
            Download PDF
            <span className="sr-only"> for {options.find((option) => option.value === value)?.label}</span>
          </a>
        </div>
      )}
    </div>
  );
}
