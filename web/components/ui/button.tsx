import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "../../lib/cn.js";

type Variant = "primary" | "secondary" | "ghost" | "accent";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400",
  accent: "bg-accent-400 text-brand-900 hover:bg-accent-500 disabled:bg-slate-300",
  secondary: "border border-brand-700 text-brand-700 bg-white hover:bg-brand-50 disabled:text-slate-400",
  ghost: "text-brand-700 hover:bg-brand-50",
};

export function buttonClass(variant: Variant = "primary", extra?: string) {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    extra,
  );
}

export function Button({ variant, className, type = "button", ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function LinkButton({ variant, className, ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
