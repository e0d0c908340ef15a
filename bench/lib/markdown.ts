import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./harness.js";

const BENCHMARKS_FILE = path.join(REPO_ROOT, "BENCHMARKS.md");
const BENCHMARKS_INTRO = "Figures measured on the project's 2-core machines; each section says the command that produced it.";

/** The median of the numbers that are there; null when there are none. */
export function median(values: Array<number | null | undefined>): number | null {
  const present = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (present.length === 0) return null;
  const mid = Math.floor(present.length / 2);
  return present.length % 2 ? present[mid]! : (present[mid - 1]! + present[mid]!) / 2;
}

export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

export function table(header: string[], rows: string[][], align?: Array<"l" | "r">): string {
  const rule = header.map((_, i) => (align?.[i] === "r" ? "---:" : "---"));
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), `|${rule.join("|")}|`, ...rows.map(line)].join("\n");
}

/**
 * Replaces the level-2 section whose heading is `heading` in BENCHMARKS.md (up to the next level-2
 * heading) with `body`, or appends it; creates the file, with its intro, when it does not exist.
 */
export function writeSection(heading: string, body: string): void {
  const section = `${heading}\n\n${body.trim()}\n`;
  if (!existsSync(BENCHMARKS_FILE)) {
    writeFileSync(BENCHMARKS_FILE, `# Benchmarks\n\n${BENCHMARKS_INTRO}\n\n${section}`);
    return;
  }
  const lines = readFileSync(BENCHMARKS_FILE, "utf8").split("\n");
  const start = lines.findIndex((l) => l.trimEnd() === heading);
  let next: string;
  if (start === -1) {
    next = `${lines.join("\n").trimEnd()}\n\n${section}`;
  } else {
    let end = lines.length;
    let fenced = false;
    for (let i = start + 1; i < lines.length; i++) {
      if (/^(```|~~~)/.test(lines[i]!)) fenced = !fenced;
      if (!fenced && /^##\s/.test(lines[i]!)) {
        end = i;
        break;
      }
    }
    const before = lines.slice(0, start).join("\n").trimEnd();
    const after = lines.slice(end).join("\n").trim();
    next = `${before ? `${before}\n\n` : ""}${section}${after ? `\n${after}\n` : ""}`;
  }
  writeFileSync(BENCHMARKS_FILE, next);
}
