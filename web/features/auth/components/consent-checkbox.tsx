import type { ReactNode } from "react";
import { CheckboxField } from "#web/components/ui/checkbox-field.js";

interface ConsentCheckboxProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  children: ReactNode;
}

/** A consent box whose refusal is shown under it and read with it (aria-describedby). */
export function ConsentCheckbox(props: ConsentCheckboxProps) {
  return <CheckboxField {...props} consent />;
}
