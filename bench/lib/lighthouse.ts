import { killAll, launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** What one Lighthouse run measured; scores are 0–100, times in milliseconds. */
export interface RunMetrics {
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number | null;
  /** Audits of the categories that scored below full marks in this run. */
  findings: Finding[];
  warnings: string[];
  lhr: Result;
}

export interface Finding {
  category: Category;
  id: string;
  title: string;
  /** 0–1; binary audits are 0 or 1. */
  score: number;
  displayValue: string | undefined;
  /** Weight of the audit in its category score (0 for diagnostics). */
  weight: number;
  /** Elements (selector and HTML snippet) or URLs named in the audit's details, at most 8. */
  items: string[];
}

export interface LighthouseOptions {
  chromePath: string;
  chromeFlags: string[];
  timeoutMs: number;
}

/**
 * One Lighthouse run with its default settings (mobile emulation, simulated throttling) in a
 * fresh Chromium, so no run inherits another's cache, and a run that hangs can be ended.
 */
export async function runLighthouse(url: string, options: LighthouseOptions): Promise<RunMetrics> {
  const chrome: LaunchedChrome = await launch({
    chromePath: options.chromePath,
    chromeFlags: options.chromeFlags,
    logLevel: "silent",
    // bench/web.ts handles SIGINT itself (it must stop the server too) and calls killChromes().
    handleSIGINT: false,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    };
    const run = lighthouse(url, flags);
    // After a time-out the run is abandoned; its late rejection (Chromium killed) is not news.
    run.catch(() => {});
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse did not finish within ${options.timeoutMs / 1000} s`)),
        options.timeoutMs,
      );
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error("Lighthouse returned no result");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const broken = failedRequests(lhr, new URL(url).origin);
    if (broken.length) throw new Error(`the page did not load completely: ${broken.join(", ")}`);
    return summarise(lhr);
  } finally {
    clearTimeout(timer);
    try {
      chrome.kill();
    } catch {
      // Already gone.
    }
  }
}

/** Kills every Chromium this process launched for Lighthouse (on SIGINT/SIGTERM). */
export function killChromes(): void {
  killAll();
}

/** Same-origin requests of the run that failed or answered an error; such a run measured a broken page. */
function failedRequests(lhr: Result, origin: string): string[] {
  const details = lhr.audits["network-requests"]?.details;
  if (!details || details.type !== "table") return [];
  const out: string[] = [];
  for (const item of details.items) {
    const url = typeof item.url === "string" ? item.url : "";
    const status = typeof item.statusCode === "number" ? item.statusCode : 0;
    if (!url.startsWith(`${origin}/`)) continue;
    if (status < 200 || status >= 400) out.push(`${new URL(url).pathname} ${status === -1 ? "failed" : `answered ${status}`}`);
  }
  return out;
}

function summarise(lhr: Result): RunMetrics {
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return typeof value === "number" ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? value : null;
  };
  return {
    scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Record<Category, number | null>,
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    benchmarkIndex: typeof lhr.environment.benchmarkIndex === "number" ? lhr.environment.benchmarkIndex : null,
    findings: findingsOf(lhr),
    warnings: lhr.runWarnings.map(String),
    lhr,
  };
}

/** Audits that cost points: scored below 1, or (performance insights/diagnostics) below 0.9. */
function findingsOf(lhr: Result): Finding[] {
  const findings: Finding[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || typeof audit.score !== "number") continue;
      if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      // Metrics are reported as figures of their own; they are not findings.
      if (ref.group === "metrics") continue;
      const threshold = category !== "performance" || ref.weight > 0 ? 1 : 0.9;
      if (audit.score >= threshold) continue;
      findings.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        weight: ref.weight,
        items: detailItems(audit.details),
      });
    }
  }
  return findings;
}

type Details = Result["audits"][string]["details"];

function detailItems(details: Details): string[] {
  if (!details || !("items" in details) || !Array.isArray(details.items)) return [];
  // Insights wrap their tables in a list.
  const items =
    details.type === "list"
      ? (details.items as unknown[]).flatMap((sub) =>
          sub && typeof sub === "object" && (sub as { type?: string }).type === "table"
            ? ((sub as { items?: unknown[] }).items ?? [])
            : [],
        )
      : (details.items as unknown[]);
  const out: string[] = [];
  for (const item of items) {
    const described = describeItem(item);
    if (described) out.push(described);
    if (out.length >= 8) break;
  }
  return out;
}

function describeItem(item: unknown): string | undefined {
  if (!item || typeof item !== "object") return undefined;
  const record = item as Record<string, unknown>;
  const node = record.node as { selector?: string; snippet?: string; explanation?: string } | undefined;
  if (node && typeof node === "object" && (node.selector || node.snippet)) {
    const snippet = (node.snippet ?? "").replace(/\s+/g, " ").slice(0, 160);
    const explanation = node.explanation ? ` — ${node.explanation.split("\n").slice(0, 2).join(" ").slice(0, 200)}` : "";
    return `${node.selector ?? "?"}: ${snippet}${explanation}`;
  }
  const source = record.source as { type?: string; value?: unknown; url?: string } | undefined;
  if (source && typeof source === "object" && typeof record.reflowTime === "number") {
    return `${source.url ?? String(source.value ?? "?")} (reflow ${Math.round(record.reflowTime)} ms)`;
  }
  if (typeof record.url === "string") {
    const extra = ["wastedBytes", "wastedMs", "totalBytes", "transferSize", "duration"]
      .filter((key) => typeof record[key] === "number")
      .map((key) => `${key}=${Math.round(record[key] as number)}`)
      .join(" ");
    return `${record.url}${extra ? ` (${extra})` : ""}`;
  }
  // Tables of nested items (e.g. insights): describe their first sub-table.
  if (record.type === "table" || record.type === "list") return undefined;
  for (const value of Object.values(record)) {
    if (value && typeof value === "object" && "selector" in (value as object)) {
      return describeItem({ node: value });
    }
  }
  return undefined;
}
