import { useEffect, useId, useRef, useState } from "react";

import type { Outcome } from "./outcome.js";

/**
 * A money action that asks once more before it runs: the trigger opens the question, focus moves to
 * the confirm button, backing out returns focus to the trigger, and the outcome message takes focus
 * once the buttons go away, so a keyboard user never loses their place.
 */
export function useConfirmStep() {
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const questionId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  return {
    confirming,
    outcome,
    questionId,
    triggerRef,
    confirmRef,
    messageRef,
    ask: () => setConfirming(true),
    back: () => {
      setConfirming(false);
      requestAnimationFrame(() => triggerRef.current?.focus());
    },
    /** Closes the question and shows how the action ended (null clears the last message). */
    finish: (next: Outcome | null) => {
      setConfirming(false);
      setOutcome(next);
    },
    clearOutcome: () => setOutcome(null),
  };
}
