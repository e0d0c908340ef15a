import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.js";

const TONES = {
  success: "bg-success-50 text-success-700 ring-success-700/30",
  warning: "bg-amber-50 text-amber-800 ring-amber-700/30",
  danger: "bg-danger-50 text-danger-600 ring-danger-600/30",
  neutral: "bg-slate-100 text-slate-700 ring-slate-400/40",
};

export type BadgeTone = keyof typeof TONES;

/** A short status word; colour is never the only signal, the word itself says it. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset", TONES[tone])}>{children}</span>;
}
