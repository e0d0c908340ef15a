import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "#web/lib/use-hydrated.js";
import { Button } from "./button.js";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & { pending?: boolean; pendingLabel?: string; variant?: "primary" | "accent" };

/**
 * The submit button of a pre-rendered form. Until the page's script has taken over it is disabled,
 * which also stops Enter from submitting the form (browsers submit implicitly only through an
 * enabled default button), so a form filled in before hydration is never sent by the browser
 * itself: no password in a URL, nothing posted to a page that cannot answer it.
 */
export function SubmitButton({ pending = false, pendingLabel, disabled, children, ...props }: Props) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={!hydrated || pending || disabled} aria-busy={pending || undefined} {...props}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
