import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { MATURITY_INSTRUCTION_WORDS, type InvestmentDto, type MaturityInstruction } from "#shared/schemas/investments.js";
import { Alert } from "#web/components/ui/alert.js";
import { Button } from "#web/components/ui/button.js";
import { SubmitOrCancel } from "#web/components/ui/submit-or-cancel.js";
import { ApiError } from "#web/lib/api.js";
import { formatDateTime } from "#web/lib/format-date.js";
import type { Outcome } from "#web/lib/outcome.js";
import { useChangeInstruction } from "../api/investments.js";
import { INSTRUCTION_FAILED, investmentFailure } from "../errors.js";
import { InstructionChoice } from "./instruction-choice.js";

interface Props {
  investment: InvestmentDto;
  /** Other buttons for this investment, beside Change (hidden while the choices are open). */
  actions?: ReactNode;
  /** A line under the instruction's words (the early-withdrawal terms). */
  note?: ReactNode;
}

/**
 * An active investment's maturity instruction in words, and while the server says it may still
 * change (`instructionChangeableUntil`), a Change button that opens the three choices in place.
 */
export function InstructionControl({ investment, actions, note }: Props) {
  const change = useChangeInstruction();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<MaturityInstruction>(investment.maturityInstruction);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLDivElement>(null);
  const words = MATURITY_INSTRUCTION_WORDS[investment.maturityInstruction];
  const until = investment.instructionChangeableUntil;

  // Opening the choices puts focus on the one chosen now; a message takes focus once the form goes away.
  useEffect(() => {
    if (editing) form.current?.querySelector<HTMLInputElement>("input:checked")?.focus();
  }, [editing]);
  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  const open = () => {
    setChoice(investment.maturityInstruction);
    setOutcome(null);
    setEditing(true);
  };

  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => trigger.current?.focus());
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    if (choice === investment.maturityInstruction) return close();
    try {
      const saved = await change.mutateAsync({ id: investment.id, input: { maturityInstruction: choice } });
      setEditing(false);
      setOutcome({ tone: "success", text: `Saved. At maturity: ${MATURITY_INSTRUCTION_WORDS[saved.maturityInstruction].label}.` });
    } catch (error) {
      // A 409: too close to maturity, or settled meanwhile. The list is read again and says so; the choices close.
      if (error instanceof ApiError && error.status === 409) setEditing(false);
      setOutcome({ tone: "error", text: investmentFailure(error, INSTRUCTION_FAILED) });
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="maturity-instruction">
      {!editing || !until ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="text-slate-900">
              <span className="text-slate-700">At maturity:</span> <strong className="font-semibold">{words.label}</strong>
            </p>
            <p className="text-slate-700">{words.sentence}</p>
            <p className="mt-1 text-xs text-slate-600">
              {until ? `You can change this until ${formatDateTime(until)}.` : "It can no longer be changed: maturity is less than a day away."}
            </p>
            {note}
          </div>
          {(until || actions) && (
            <div className="flex shrink-0 flex-wrap gap-3">
              {until && (
                <Button ref={trigger} variant="secondary" aria-label="Change what happens at maturity" onClick={open}>
                  Change
                </Button>
              )}
              {actions}
            </div>
          )}
        </div>
      ) : (
        <form ref={form} onSubmit={save} noValidate aria-label="Change what happens at maturity" className="flex flex-col gap-3">
          <InstructionChoice value={choice} onChange={setChoice} legend="What happens at maturity" wide disabled={change.isPending} />
          <p className="text-xs text-slate-600">You can change this until {formatDateTime(until)}.</p>
          <SubmitOrCancel label="Save" pendingLabel="Saving..." pending={change.isPending} onCancel={close} />
        </form>
      )}
      <div ref={message} tabIndex={-1} className="outline-none empty:hidden">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      </div>
    </div>
  );
}
