import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";

interface DialogProps {
  title: string;
  children: ReactNode;
  /** Called on Escape and by the dialog's own buttons; the parent then stops rendering it. */
  onClose: () => void;
  /** Where focus goes afterwards; defaults to whatever had it before. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A modal built on the native <dialog>: showModal() makes the page behind inert and traps focus
 * without any code of ours. Render it only while open. The element marked `data-autofocus` gets
 * focus first (else the dialog itself).
 */
export function Dialog({ title, children, onClose, returnFocusTo }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const returnTarget = returnFocusTo?.current;
    // jsdom has no showModal; the attribute at least makes the content visible there.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    (dialog.querySelector<HTMLElement>("[data-autofocus]") ?? dialog).focus();
    return () => {
      if (dialog.open && typeof dialog.close === "function") dialog.close();
      (returnTarget ?? previous)?.focus();
    };
  }, [returnFocusTo]);

  return (
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: let React decide, so its state and the element never disagree.
        event.preventDefault();
        close.current();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-card bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </dialog>
  );
}
