import type { ButtonHTMLAttributes, Ref } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "#web/lib/cn.js";

type Variant = "primary" | "secondary" | "ghost" | "accent" | "danger" | "dangerOutline";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400",
  accent: "bg-accent-400 text-brand-900 hover:bg-accent-500 disabled:bg-slate-300",
  secondary: "border border-brand-700 text-brand-700 bg-white hover:bg-brand-50 disabled:text-slate-400",
  ghost: "text-brand-700 hover:bg-brand-50",
  danger: "bg-danger-600 text-white hover:bg-red-800 disabled:bg-slate-400",
  dangerOutline: "border border-danger-600 text-danger-600 bg-white hover:bg-danger-50 disabled:text-slate-400",
};

export function buttonClass(variant: Variant = "primary", extra?: string) {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    extra,
  );
}

/** React 19 passes `ref` as a prop; it reaches the <button> with the rest. */
export function Button({ variant, className, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function LinkButton({ variant, className, ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
