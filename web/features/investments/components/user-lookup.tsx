import { useState, type FormEvent } from "react";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { Field } from "#web/components/ui/field.js";
import { useUserSearch } from "../api/admin-interest.js";

const SHOWN = 5;

/** Find an account's id by name or e-mail, and hand it to the interest tool. */
export function UserLookup({ onPick }: { onPick: (id: string) => void }) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState<string | null>(null);
  const search = useUserSearch(query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };

  return (
    <div className="flex flex-col gap-3">
      <form role="search" aria-label="Find a user" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="Find a user by name or e-mail" name="q" type="search" autoComplete="off" value={text} onChange={(event) => setText(event.target.value)} className="flex-1" />
        <Button type="submit" variant="secondary" disabled={search.isFetching}>
          {search.isFetching ? "Searching..." : "Search"}
        </Button>
      </form>
      <div aria-live="polite">
        {search.isError && <Alert tone="error">The search failed. Try again.</Alert>}
        {search.data && search.data.users.length === 0 && <p className="text-sm text-slate-700">No account matches.</p>}
        {search.data && search.data.users.length > 0 && (
          <ul aria-label="Matching users" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {search.data.users.slice(0, SHOWN).map((user) => (
              <li key={user.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words text-slate-900">
                    {user.name || user.email} {user.role === "admin" && <span className="text-slate-600">(admin)</span>}
                  </p>
                  <p className="break-all text-slate-700">{user.email}</p>
                  <p className="font-mono text-xs break-all text-slate-600">{user.id}</p>
                </div>
                <Button variant="ghost" className="-ml-5 shrink-0 self-start sm:ml-0 sm:self-center" aria-label={`Use the ID of ${user.email}`} onClick={() => onPick(user.id)}>
                  Use this ID
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
