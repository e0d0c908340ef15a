/**
 * Web benchmark: Lighthouse scores (performance, accessibility, best practices, SEO) of the public
 * pages, the gzipped JavaScript that / loads and what a new investor's first dashboard load
 * fetches, measured against the production build (decision 0064). Writes the `## Web (bench/web.ts)` section of
 * BENCHMARKS.md and prints a summary.
 *
 *   npx tsx bench/web.ts
 *
 * The server runs from a copy of the fresh build in a temporary directory (see bench/lib/server.ts),
 * so that someone rebuilding dist/ meanwhile cannot delete the assets its pages name; a Lighthouse
 * run in which any same-origin request failed is discarded and retried.
 *
 * Exits 0 when the measurement completed, whether or not the bars were met; non-zero when it could
 * not measure (no Chromium, build or server failure, a page with no successful Lighthouse run).
 * CHROMIUM_PATH overrides /usr/bin/chromium; BENCH_WEB_REPORTS_DIR, when set, keeps every
 * Lighthouse report (JSON) there.
 */
import { accessSync, constants, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_FLAGS } from "../e2e/chromium-flags.js";
import { newInvestorDashboard } from "./lib/dashboard-visit.js";
import { measureJs, type JsMeasurement } from "./lib/js-size.js";
import { CATEGORIES, killChromes, runLighthouse, type Category, type Finding, type RunMetrics } from "./lib/lighthouse.js";
import { kb, median, table, writeSection } from "./lib/markdown.js";
import { buildApp, startServer, type RunningServer } from "./lib/server.js";
import { cores, logger, REPO_ROOT } from "./lib/harness.js";

const COMMAND = "npx tsx bench/web.ts";
const SECTION_HEADING = "## Web (bench/web.ts)";
const PAGES = ["/", "/plan", "/about", "/contact", "/blog", "/login", "/signup"];
const RUNS_PER_PAGE = 3;
const MAX_RETRIES = 3;
const LIGHTHOUSE_TIMEOUT_MS = 180_000;
const BROWSER_TIMEOUT_MS = 60_000;
const BARS = { score: 100, jsGzipKb: 60, dashboardGzipKb: 150 };
const CATEGORY_LABELS: Record<Category, string> = { performance: "Performance", accessibility: "Accessibility", "best-practices": "Best practices", seo: "SEO" };

/** Lighthouse launches Chromium itself, so it is told to run headless; Playwright is by default. */
const LIGHTHOUSE_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

interface PageResult {
  page: string;
  runs: RunMetrics[];
  errors: string[];
  median: { scores: Record<Category, number | null>; lcpMs: number | null; tbtMs: number | null; cls: number | null };
}

interface Bar {
  label: string;
  value: string;
  pass: boolean;
}

const log = logger("web");

function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH?.trim() || "/usr/bin/chromium";
  try {
    accessSync(candidate, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium was not found (or is not executable) at ${candidate}. ` +
        "Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium/Chrome binary.",
    );
  }
  return candidate;
}


async function measurePage(baseUrl: string, page: string, chromePath: string, reportsDir?: string): Promise<PageResult> {
  const runs: RunMetrics[] = [];
  const errors: string[] = [];
  // A failed run (Lighthouse's occasional NO_NAVSTART, a time-out) is retried, a few times at most.
  for (let attempt = 1; runs.length < RUNS_PER_PAGE && attempt <= RUNS_PER_PAGE + MAX_RETRIES; attempt++) {
    const i = runs.length + 1;
    const started = Date.now();
    try {
      const run = await runLighthouse(new URL(page, baseUrl).href, {
        chromePath,
        chromeFlags: LIGHTHOUSE_FLAGS,
        timeoutMs: LIGHTHOUSE_TIMEOUT_MS,
      });
      runs.push(run);
      if (reportsDir) {
        const name = `${page === "/" ? "home" : page.replace(/\W+/g, "")}-${i}.report.json`;
        writeFileSync(path.join(reportsDir, name), JSON.stringify(run.lhr, null, 1));
      }
      log(
        `${page} run ${i}/${RUNS_PER_PAGE}: ${CATEGORIES.map((c) => `${c} ${run.scores[c] ?? "–"}`).join(", ")}, ` +
          `LCP ${fmtMs(run.lcpMs)}, TBT ${fmtMs(run.tbtMs)}, ` +
          `CLS ${fmtCls(run.cls)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      for (const warning of run.warnings) log(`  Lighthouse warning: ${warning}`);
    } catch (error) {
      const message = (error as Error).message;
      errors.push(message);
      log(`${page} run ${i}/${RUNS_PER_PAGE} FAILED (attempt ${attempt}): ${message}`);
    }
  }
  return {
    page,
    runs,
    errors,
    median: {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<Category, number | null>,
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
    },
  };
}

function fmtMs(value: number | null): string {
  return value === null ? "–" : `${Math.round(value)} ms`;
}

function fmtCls(value: number | null): string {
  return value === null ? "–" : value.toFixed(3);
}

function fmtScore(value: number | null): string {
  return value === null ? "–" : String(Math.round(value));
}

/** Findings of a page, merged across its runs: how many runs each audit failed in, worst score. */
function mergedFindings(result: PageResult): Array<Finding & { runs: number }> {
  const byId = new Map<string, Finding & { runs: number }>();
  for (const run of result.runs) {
    for (const finding of run.findings) {
      const key = `${finding.category}:${finding.id}`;
      const seen = byId.get(key);
      if (!seen) byId.set(key, { ...finding, runs: 1 });
      else {
        seen.runs++;
        if (finding.score < seen.score) Object.assign(seen, { ...finding, runs: seen.runs });
      }
    }
  }
  const order = (f: Finding) => CATEGORIES.indexOf(f.category);
  return [...byId.values()].sort((a, b) => order(b) - order(a) || b.weight - a.weight || a.score - b.score);
}

function bars(pages: PageResult[], js: JsMeasurement, dashboard: JsMeasurement): Bar[] {
  const out: Bar[] = [];
  for (const category of CATEGORIES) {
    for (const result of pages) {
      const value = result.median.scores[category];
      out.push({
        label: `Lighthouse ${category} ${BARS.score} on ${result.page}`,
        value: fmtScore(value),
        pass: value !== null && value >= BARS.score,
      });
    }
  }
  out.push({
    label: `Gzipped JavaScript on / ≤ ${BARS.jsGzipKb} KB`,
    value: `${kb(js.totalGzipBytes)} KB`,
    pass: js.totalGzipBytes <= BARS.jsGzipKb * 1024,
  });
  out.push({
    label: `Gzipped JavaScript of the dashboard's first load ≤ ${BARS.dashboardGzipKb} KB`,
    value: `${kb(dashboard.totalGzipBytes)} KB`,
    pass: dashboard.totalGzipBytes <= BARS.dashboardGzipKb * 1024,
  });
  return out;
}

/** How busy and how fast the machine was while Lighthouse ran: its scores depend on both. */
interface MachineLoad {
  loadBefore: number;
  loadAfter: number;
  benchmarkIndex: { median: number | null; min: number | null; max: number | null };
}

function machineLoad(pages: PageResult[], loadBefore: number): MachineLoad {
  const indexes = pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex)).filter((v): v is number => v !== null);
  return {
    loadBefore,
    loadAfter: os.loadavg()[0]!,
    benchmarkIndex: {
      median: median(indexes),
      min: indexes.length ? Math.min(...indexes) : null,
      max: indexes.length ? Math.max(...indexes) : null,
    },
  };
}

function describeLoad(load: MachineLoad): string {
  const { median: mid, min, max } = load.benchmarkIndex;
  const index = mid === null ? "–" : `${Math.round(mid)} (runs ${Math.round(min!)}–${Math.round(max!)})`;
  return `1-minute load average ${load.loadBefore.toFixed(2)} before Lighthouse, ${load.loadAfter.toFixed(2)} after; Lighthouse benchmarkIndex median ${index}`;
}

function renderSection(
  pages: PageResult[],
  js: JsMeasurement,
  dashboard: JsMeasurement,
  barList: Bar[],
  lighthouseVersion: string,
  load: MachineLoad,
): string {
  const totalMemGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const parts: string[] = [];
  parts.push(
    [
      `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, "Z")}`,
      `- Machine: ${cores()} cores (\`nproc\`), ${totalMemGiB} GiB memory (\`os.totalmem()\`), ${cpu}`,
      `- Node ${process.version}, Chromium ${js.browserVersion}, Lighthouse ${lighthouseVersion}`,
      `- Command: \`${COMMAND}\` (builds, then serves \`node dist/server/main.js\` with NODE_ENV=production on a fresh embedded database)`,
      `- Lighthouse: default settings (mobile emulation, simulated throttling), categories performance, accessibility, best practices and SEO, ` +
        `${RUNS_PER_PAGE} runs per page in a fresh headless Chromium each; the median of each column is reported.`,
      `- Load: ${describeLoad(load)}. Performance scores (TBT above all) drop when the machine is busy.`,
    ].join("\n"),
  );

  parts.push(
    `### Bars\n\n${table(
      ["Bar", "Measured", "Result"],
      barList.map((b) => [b.label, b.value, b.pass ? "PASS" : "FAIL"]),
      ["l", "r", "l"],
    )}`,
  );

  for (const result of pages) {
    const rows = result.runs.map((run, i) => [
      `Run ${i + 1}`,
      ...CATEGORIES.map((c) => fmtScore(run.scores[c])),
      fmtMs(run.lcpMs),
      fmtMs(run.tbtMs),
      fmtCls(run.cls),
    ]);
    rows.push([
      "**Median**",
      ...CATEGORIES.map((c) => `**${fmtScore(result.median.scores[c])}**`),
      `**${fmtMs(result.median.lcpMs)}**`,
      `**${fmtMs(result.median.tbtMs)}**`,
      `**${fmtCls(result.median.cls)}**`,
    ]);
    const failed = result.errors.length
      ? `\n\n${result.errors.length} failed attempt(s)${result.runs.length < RUNS_PER_PAGE ? "" : ", retried"}: ${result.errors.join("; ")}`
      : "";
    parts.push(
      `### Lighthouse: \`${result.page}\`\n\n${table(
        ["", ...CATEGORIES.map((c) => CATEGORY_LABELS[c]), "LCP", "TBT", "CLS"],
        rows,
        ["l", ...CATEGORIES.map(() => "r" as const), "r", "r", "r"],
      )}${failed}`,
    );
  }

  parts.push(jsSection("### JavaScript loaded by `/`", js));
  parts.push(
    jsSection(
      "### JavaScript of the dashboard's first load",
      dashboard,
      "A new investor, signed up in the same browser, follows the verification link, which signs them in and lands on `/dashboard`.",
    ),
  );

  // One row per audit that cost points on some page: worst score, and in how many runs it did.
  const perPage = pages.map((result) => new Map(mergedFindings(result).map((f) => [`${f.category}:${f.id}`, f])));
  const keys = [...new Set(perPage.flatMap((m) => [...m.keys()]))].sort();
  const findingRows = keys.map((key) => {
    const sample = perPage.find((m) => m.has(key))!.get(key)!;
    return [
      `\`${sample.id}\``,
      sample.category,
      ...perPage.map((m, i) => {
        const f = m.get(key);
        return f ? `${f.score.toFixed(2)} (${f.runs}/${pages[i]!.runs.length})` : "–";
      }),
    ];
  });
  parts.push(
    `### Lighthouse audits below full score\n\n` +
      (findingRows.length
        ? `Worst score and the runs in which the audit fell short: accessibility audits below 1; performance audits ` +
          `below 1 when they weigh in the score, insights and diagnostics (weight 0) below 0.9. ` +
          `The command prints the elements and URLs each one names.\n\n` +
          table(["Audit", "Category", ...pages.map((p) => `\`${p.page}\``)], findingRows)
        : "None."),
  );
  return parts.join("\n\n");
}

function jsSection(heading: string, js: JsMeasurement, how = ""): string {
  const jsRows = js.scripts.map((s) => [`\`${s.path}\``, kb(s.rawBytes), kb(s.gzipBytes)]);
  jsRows.push(["**Total**", `**${kb(js.totalRawBytes)}**`, `**${kb(js.totalGzipBytes)}**`]);
  return (
    `${heading}\n\n${how ? `${how} ` : ""}` +
    `Every same-origin script response until network idle (dynamic imports on load included), in desktop ` +
    `Chromium; gzip is \`zlib.gzipSync(body, { level: 9 })\`; 1 KB = 1024 bytes.\n\n` +
    table(["File", "Raw KB", "Gzip KB"], jsRows, ["l", "r", "r"]) +
    (js.otherOrigin.length ? `\n\nNot counted (other origins): ${js.otherOrigin.join(", ")}` : "")
  );
}

function printSummary(pages: PageResult[], js: JsMeasurement, dashboard: JsMeasurement, barList: Bar[], load: MachineLoad) {
  const lines: string[] = ["", "=== Web benchmark summary ===", "", `Machine: ${describeLoad(load)}`, ""];
  lines.push("Page        Perf  A11y  Best   SEO  LCP        TBT      CLS    runs");
  for (const r of pages) {
    lines.push(
      [
        r.page.padEnd(10),
        ...CATEGORIES.map((c) => fmtScore(r.median.scores[c]).padStart(5)),
        fmtMs(r.median.lcpMs).padStart(9),
        fmtMs(r.median.tbtMs).padStart(8),
        fmtCls(r.median.cls).padStart(7),
        `  ${r.runs.length}/${RUNS_PER_PAGE}`,
      ].join(" "),
    );
  }
  lines.push("", `JavaScript on / (gzip -9): ${kb(js.totalGzipBytes)} KB in ${js.scripts.length} file(s)`);
  for (const s of js.scripts) lines.push(`  ${kb(s.gzipBytes).padStart(7)} KB  ${s.path}`);
  lines.push("", `JavaScript of the dashboard's first load (gzip -9): ${kb(dashboard.totalGzipBytes)} KB in ${dashboard.scripts.length} file(s)`);
  lines.push("", "Bars:");
  for (const b of barList) lines.push(`  ${b.pass ? "PASS" : "FAIL"}  ${b.label}: ${b.value}`);

  const findingBlocks: string[] = [];
  for (const r of pages) {
    for (const f of mergedFindings(r)) {
      findingBlocks.push(
        `  ${r.page} ${f.category} ${f.id} (score ${f.score.toFixed(2)}${f.displayValue ? `, ${f.displayValue}` : ""}, ` +
          `weight ${f.weight}, ${f.runs}/${r.runs.length} runs): ${f.title}`,
      );
      for (const item of f.items) findingBlocks.push(`      ${item}`);
    }
  }
  if (findingBlocks.length) lines.push("", "Lighthouse audits below full score:", ...findingBlocks);
  const failed = barList.filter((b) => !b.pass).length;
  lines.push("", failed ? `${failed} of ${barList.length} bars FAIL.` : `All ${barList.length} bars PASS.`);
  console.log(lines.join("\n"));
}

async function main(): Promise<number> {
  const chromePath = chromiumPath();
  const reportsDir = process.env.BENCH_WEB_REPORTS_DIR?.trim() || undefined;
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });

  let server: RunningServer | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping Chromium and the server, removing its data directory`);
    killChromes();
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    // Others may rebuild dist/ at the same time; a torn copy of the build is rebuilt once.
    for (let attempt = 1; !server; attempt++) {
      log("building (npm run build)…");
      buildApp(REPO_ROOT);
      log("starting the production server…");
      try {
        server = await startServer(REPO_ROOT);
      } catch (error) {
        if (attempt >= 2 || !(error as Error).message.includes("build is incomplete")) throw error;
        log(`${(error as Error).message}; building again`);
      }
    }
    log(`server ready at ${server.baseUrl} (data in ${server.dataDir})`);

    log("measuring the JavaScript / loads…");
    const js = await measureJs(new URL("/", server.baseUrl).href, {
      executablePath: chromePath,
      args: CHROMIUM_FLAGS,
      timeoutMs: BROWSER_TIMEOUT_MS,
    });
    log(`JavaScript on /: ${kb(js.totalGzipBytes)} KB gzipped in ${js.scripts.length} file(s)`);
    const running = server;
    const dashboard = await measureJs(new URL("/dashboard", server.baseUrl).href, {
      executablePath: chromePath,
      args: CHROMIUM_FLAGS,
      timeoutMs: BROWSER_TIMEOUT_MS,
      prepare: (context) => newInvestorDashboard(context, running.baseUrl, running.dataDir),
    });
    log(`JavaScript of the dashboard's first load: ${kb(dashboard.totalGzipBytes)} KB gzipped in ${dashboard.scripts.length} file(s)`);

    const loadBefore = os.loadavg()[0]!;
    const cpuCount = os.availableParallelism();
    if (loadBefore > cpuCount) {
      log(`warning: the load average (${loadBefore.toFixed(2)}) exceeds the ${cpuCount} cores; performance scores will be low and noisy`);
    }
    const pages: PageResult[] = [];
    for (const page of PAGES) pages.push(await measurePage(server.baseUrl, page, chromePath, reportsDir));

    const missing = pages.filter((p) => p.runs.length === 0);
    if (missing.length) {
      throw new Error(
        `no successful Lighthouse run for ${missing.map((p) => p.page).join(", ")}; BENCHMARKS.md was not changed`,
      );
    }

    const barList = bars(pages, js, dashboard);
    const load = machineLoad(pages, loadBefore);
    const lighthouseVersion = pages[0]!.runs[0]!.lhr.lighthouseVersion;
    writeSection(SECTION_HEADING, renderSection(pages, js, dashboard, barList, lighthouseVersion, load));
    printSummary(pages, js, dashboard, barList, load);
    const retried = pages.filter((p) => p.errors.length);
    if (retried.length) log(`note: Lighthouse runs failed and were retried on ${retried.map((p) => p.page).join(", ")}`);
    const short = pages.filter((p) => p.runs.length < RUNS_PER_PAGE);
    if (short.length) log(`WARNING: fewer than ${RUNS_PER_PAGE} runs on ${short.map((p) => p.page).join(", ")}; medians use the runs that finished`);
    log("wrote BENCHMARKS.md (section “Web (bench/web.ts)”)");
    return 0;
  } finally {
    if (server) {
      await server.stop();
      log("server stopped, data directory removed");
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[bench:web] ERROR: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
