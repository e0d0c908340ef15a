import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Response } from "@playwright/test";

export interface ScriptSize {
  url: string;
  /** Path and query, for tables. */
  path: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface JsMeasurement {
  scripts: ScriptSize[];
  totalRawBytes: number;
  totalGzipBytes: number;
  /** Script responses from other origins, which are not counted (there should be none). */
  otherOrigin: string[];
  browserVersion: string;
}

/**
 * Loads `url` in Chromium, waits for network idle (so chunks imported on load are included) and
 * gzips (level 9) the body of every same-origin script response.
 */
export async function measureJs(
  url: string,
  options: {
    executablePath: string;
    args: string[];
    timeoutMs: number;
    /** Prepares the context (signs someone up, say) and answers the address to load instead of `url`. */
    prepare?: (context: BrowserContext) => Promise<string>;
  },
): Promise<JsMeasurement> {
  const browser = await chromium.launch({
    executablePath: options.executablePath,
    args: options.args,
    timeout: options.timeoutMs,
  });
  try {
    const origin = new URL(url).origin;
    const context = await browser.newContext({ serviceWorkers: "block" });
    if (options.prepare) url = await options.prepare(context);
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | undefined>>();
    const otherOrigin: string[] = [];
    const broken: string[] = [];
    page.on("requestfailed", (request) => {
      if (new URL(request.url()).origin === origin) broken.push(`${request.url()} failed (${request.failure()?.errorText})`);
    });
    page.on("response", (response: Response) => {
      if (new URL(response.url()).origin === origin && response.status() >= 400) {
        broken.push(`${response.url()} answered ${response.status()}`);
      }
      if (response.request().resourceType() !== "script") return;
      const responseUrl = response.url();
      if (new URL(responseUrl).origin !== origin) {
        otherOrigin.push(responseUrl);
        return;
      }
      if (bodies.has(responseUrl) || response.status() < 200 || response.status() >= 300) return;
      bodies.set(responseUrl, response.body().catch(() => undefined));
    });
    const response = await page.goto(url, { waitUntil: "networkidle", timeout: options.timeoutMs });
    if (!response?.ok()) throw new Error(`GET ${url} answered ${response?.status() ?? "nothing"}`);
    // Chunks imported a moment after load (idle callbacks, timers) count too: settle once more.
    await page.waitForTimeout(1_000);
    await page.waitForLoadState("networkidle", { timeout: options.timeoutMs });
    if (broken.length) throw new Error(`${url} did not load completely: ${broken.join(", ")}`);

    const scripts: ScriptSize[] = [];
    for (const [scriptUrl, pending] of bodies) {
      const body = await pending;
      if (!body) throw new Error(`could not read the body of ${scriptUrl}`);
      const { pathname, search } = new URL(scriptUrl);
      scripts.push({
        url: scriptUrl,
        path: pathname + search,
        rawBytes: body.length,
        gzipBytes: gzipSync(body, { level: 9 }).length,
      });
    }
    scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return {
      scripts,
      totalRawBytes: scripts.reduce((sum, s) => sum + s.rawBytes, 0),
      totalGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
      otherOrigin,
      browserVersion: browser.version(),
    };
  } finally {
    await browser.close();
  }
}
