import { Button } from "./button.js";

interface SubmitOrCancelProps {
  label: string;
  /** The submit's words while the form is being sent. */
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  /** The submit takes something away (turns a protection off, say): the danger colour. */
  danger?: boolean;
}

/** A form's submit button and Cancel, side by side (stacked on a phone, the submit last); both wait while it is sent. */
export function SubmitOrCancel({ label, pendingLabel, pending, onCancel, danger }: SubmitOrCancelProps) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row">
      <Button type="submit" variant={danger ? "danger" : "primary"} disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}
