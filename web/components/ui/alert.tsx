import type { ReactNode } from "react";
import { cn } from "#web/lib/cn.js";

const TONES = {
  error: "border-danger-600/30 bg-danger-50 text-danger-600",
  success: "border-success-700/30 bg-success-50 text-success-700",
  info: "border-brand-600/20 bg-brand-50 text-brand-800",
};

/** Errors are announced at once (role=alert); other notices politely (role=status). */
export function Alert({ tone, children, className }: { tone: keyof typeof TONES; children: ReactNode; className?: string }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-lg border px-4 py-3 text-sm", TONES[tone], className)}>
      {children}
    </div>
  );
}
