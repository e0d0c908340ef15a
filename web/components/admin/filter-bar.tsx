import type { FormEvent } from "react";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { SelectField } from "#web/components/ui/select-field.js";
import type { ListState } from "./use-list-state.js";

/** One filter of a back-office list; `name` is the API's query parameter. */
export type FilterField =
  | { kind: "text" | "date" | "amount"; name: string; label: string; placeholder?: string }
  | { kind: "select"; name: string; label: string; options: ReadonlyArray<{ value: string; label: string }> };

/** The date and amount ranges every money list takes (shared/schemas/admin-list.ts: UTC days, dollars). */
export const RANGE_FILTERS: readonly FilterField[] = [
  { kind: "date", name: "from", label: "From" },
  { kind: "date", name: "to", label: "To" },
  { kind: "amount", name: "min", label: "Min amount" },
  { kind: "amount", name: "max", label: "Max amount" },
];

/** A choice among `labels`, in their order: each key is the value the API takes, each value what the operator reads. */
export function selectFilter(name: string, label: string, labels: Readonly<Record<string, string>>): FilterField {
  return { kind: "select", name, label, options: Object.entries(labels).map(([value, text]) => ({ value, label: text })) };
}

/**
 * The filters above a list, as one form: Apply writes them to the URL (and so to the request),
 * Clear goes back to the list's defaults. Keyed by the filters and sort (not the page), so Back and
 * a pasted link show their own values and turning a page keeps what is being typed.
 */
export function FilterBar({ fields, list, label }: { fields: readonly FilterField[]; list: ListState; label: string }) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    list.setFilters(Object.fromEntries(fields.map((field) => [field.name, String(data.get(field.name) ?? "").trim()])));
  };
  const clear = () => list.resetFilters(fields.map((field) => field.name));

  return (
    <form key={list.csvQuery} role="search" aria-label={label} onSubmit={apply} className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8 lg:items-end">
      {fields.map((field) =>
        field.kind === "select" ? (
          <SelectField key={field.name} name={field.name} label={field.label} defaultValue={list.get(field.name)}>
            <option value="">All</option>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <Field
            key={field.name}
            name={field.name}
            label={field.label}
            type={field.kind === "date" ? "date" : field.kind === "text" ? "search" : "text"}
            inputMode={field.kind === "amount" ? "decimal" : undefined}
            placeholder={field.kind === "amount" ? "USD" : field.placeholder}
            autoComplete="off"
            defaultValue={list.get(field.name)}
            className={field.kind === "text" ? "col-span-2" : undefined}
          />
        ),
      )}
      <div className="col-span-2 flex gap-2 sm:col-span-4 lg:col-span-2">
        <Button type="submit">Apply</Button>
        <Button type="button" variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
