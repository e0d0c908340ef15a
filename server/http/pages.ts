import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { brotliOnce } from "./compression.js";
import { publicTemplate } from "./page-scripts.js";
import type { ContentPage } from "#shared/content.js";
import type { Bootstrap, RenderResult } from "#shared/site.js";

interface SsrModule {
  PRERENDER_ROUTES: string[];
  NOT_FOUND_ROUTE: string;
  prepare(): Promise<void>;
  render(url: string, bootstrap: Bootstrap, pageData?: ContentPage | null): RenderResult;
}

export interface Page {
  status: number;
  html: string;
  /** The same HTML compressed once when rendered, so no request pays to compress it (decisions 0029, 0043). */
  gzipped: Uint8Array<ArrayBuffer>;
  /** Brotli: about a seventh smaller than gzip for our pages (13.1 KB against 15.1 for the home page). */
  brotli: Uint8Array<ArrayBuffer>;
}

export interface Pages {
  /** The pre-rendered page for a public route, or undefined. */
  find(pathname: string): Page | undefined;
  /** The empty shell the dashboard SPA boots from. */
  shell(): Page;
  notFound(): Page;
  /** Every pre-rendered path (for the sitemap). */
  paths(): string[];
  /**
   * Renders every page again when `bootstrap` differs from the one they show (plans changed), and
   * answers whether it did; the same bootstrap renders nothing. Calls run one after another, in
   * the order made, so the last bootstrap asked for is the one shown.
   */
  refresh(bootstrap: Bootstrap): Promise<boolean>;
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

function fill(template: string, bootstrap: Bootstrap, pageData: ContentPage | null, result: Omit<RenderResult, "status">): string {
  return template
    .replace("<!--app-title-->", escapeHtml(result.title))
    .replace("<!--app-description-->", escapeHtml(result.description))
    .replace("<!--app-bootstrap-->", escapeJson(bootstrap))
    .replace("<!--app-page-data-->", escapeJson(pageData))
    .replace("<!--app-html-->", result.html);
}

/**
 * A first-paint fix done once at start: the stylesheet is inlined (one fewer render-blocking round
 * trip; CSP allows inline styles). The font is not preloaded: on a slow link it would take the
 * bandwidth the page needs to paint; text shows at once in a fallback sized like Inter
 * (web/styles.css) and changes face when the font arrives.
 */
export function optimizeTemplate(template: string, clientDir: string): string {
  return template.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/, (tag, href: string) => {
    const file = path.join(clientDir, href);
    return existsSync(file) ? `<style>${readFileSync(file, "utf8").replace(/<\/style/gi, "<\\/style")}</style>` : tag;
  });
}

/** Brotli takes about 26 ms a page, in the thread pool (server/http/compression.ts); gzip about 1.5 ms. */
const page = async (status: number, html: string): Promise<Page> => ({
  status,
  html,
  gzipped: new Uint8Array(gzipSync(html, { level: 9 })),
  brotli: new Uint8Array(await brotliOnce(html)),
});

export const normalizePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/**
 * Public pages are rendered once at start, from the build's server bundle with the operator's
 * current settings, plans and content, so their HTML holds every heading and text before any
 * script runs.
 */
export async function loadPages(
  clientDir: string,
  ssrEntry: string,
  bootstrap: Bootstrap,
  content: Map<string, ContentPage>,
): Promise<Pages | undefined> {
  const templateFile = path.join(clientDir, "index.html");
  if (!existsSync(templateFile) || !existsSync(ssrEntry)) return undefined;
  const template = optimizeTemplate(readFileSync(templateFile, "utf8"), clientDir);
  // Public pages load their small script; only the dashboard shell loads the app (decision 0064).
  const publicPage = publicTemplate(template, clientDir);
  const ssr = (await import(pathToFileURL(ssrEntry).href)) as SsrModule;
  await ssr.prepare();
  let rendered = new Map<string, Page>();
  let shell: Page;
  let notFound: Page;
  let shown = "";

  const render = async (next: Bootstrap) => {
    const text = JSON.stringify(next);
    if (text === shown) return false;
    const routes = [...ssr.PRERENDER_ROUTES, ...content.keys()];
    const pages = routes.map((route) => {
      const pageData = content.get(route) ?? null;
      const result = ssr.render(route, next, pageData);
      return page(result.status, fill(publicPage, next, pageData, result));
    });
    const missing = ssr.render(ssr.NOT_FOUND_ROUTE, next);
    const [notFoundPage, shellPage, ...routePages] = await Promise.all([
      page(404, fill(publicPage, next, null, missing)),
      page(200, fill(template, next, null, { html: "", title: `Dashboard · ${next.site.name}`, description: "" })),
      ...pages,
    ]);
    // Swapped together, once every page is compressed: a request sees all old pages or all new.
    notFound = notFoundPage!;
    shell = shellPage!;
    rendered = new Map(routes.map((route, index) => [route, routePages[index]!]));
    shown = text;
    return true;
  };
  let queue: Promise<unknown> = Promise.resolve();
  const refresh = (next: Bootstrap) => {
    const run = queue.then(() => render(next));
    queue = run.catch(() => undefined);
    return run;
  };
  await refresh(bootstrap);

  return {
    find: (pathname) => rendered.get(normalizePath(pathname)),
    shell: () => shell,
    notFound: () => notFound,
    paths: () => [...rendered.keys()],
    refresh,
  };
}
