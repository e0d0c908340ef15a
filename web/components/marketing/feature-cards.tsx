import type { LucideIcon } from "lucide-react";
import { cn } from "#web/lib/cn.js";

export interface FeatureCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

export function FeatureCards({ items, className }: { items: FeatureCard[]; className?: string }) {
  return (
    <ul className={cn("grid gap-6", className)}>
      {items.map((item) => (
        <li key={item.title} className="rounded-card border border-slate-200 bg-white p-6">
          <item.icon aria-hidden="true" className="size-8 text-accent-700" />
          <h3 className="mt-4 font-semibold text-brand-900">{item.title}</h3>
          <p className="mt-2 text-sm text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
