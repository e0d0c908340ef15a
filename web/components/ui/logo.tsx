import { Link } from "react-router";
import { cn } from "#web/lib/cn.js";

export function Logo({ name, to = "/", inverted = false, onClick }: { name: string; to?: string; inverted?: boolean; onClick?: () => void }) {
  return (
    <Link to={to} onClick={onClick} className={cn("flex items-center gap-2 text-lg font-bold", inverted ? "text-white" : "text-brand-800")}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className={inverted ? "fill-white" : "fill-brand-800"} />
        <path d="M9 10h14v3h-5.5v12h-3V13H9z" className={inverted ? "fill-brand-800" : "fill-white"} />
        <circle cx="23" cy="22" r="3" className="fill-accent-400" />
      </svg>
      <span>{name}</span>
    </Link>
  );
}
