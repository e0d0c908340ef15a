import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { marked } from "marked";
import { OPERATOR_PAGES, unwrittenPageMessage, type ContentPage, type OperatorPageSlug, type PostSummary } from "#shared/content.js";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface Parsed {
  meta: Record<string, string>;
  body: string;
}

/** `---` front matter of `key: value` lines, then Markdown. */
export function parseFrontMatter(source: string): Parsed {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index > 0) meta[line.slice(0, index).trim()] = line.slice(index + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

/** The first `# ` heading is the page title; the rest is the body. */
function splitTitle(body: string): { title: string | undefined; rest: string } {
  const match = /^#\s+(.+)\r?\n/m.exec(body);
  if (!match || match.index !== body.search(/\S/)) return { title: undefined, rest: body };
  return { title: match[1]?.trim(), rest: body.slice(match.index + match[0].length) };
}

function render(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface SiteContent {
  posts: PostSummary[];
  /** Every content page by path: /blog, /blog/<slug>, /terms, /privacy, /risk, /how-returns-work. */
  pages: Map<string, ContentPage>;
  /** The version of each operator page, null while it is unwritten (a sign-up's consent records them). */
  versions: Record<OperatorPageSlug, string | null>;
  /**
   * What the operator has not published of the pages an investor must be able to read first
   * (terms, risk, how returns work), as "The operator has not published …" completes it. In
   * production, investing is refused until this is empty.
   */
  missingBeforeInvesting: string[];
  /** The operator pages with no file yet, as `content/<folder>/<slug>.md`. */
  unwritten: string[];
}

/** Reads content/ once at start. A malformed post stops the start with its file name. */
/** `production`: the texts marked `example: true` (shipped with the software) count as unwritten. */
export function loadContent(contentDir: string, options: { production: boolean } = { production: false }): SiteContent {
  const pages = new Map<string, ContentPage>();
  const posts: PostSummary[] = [];
  const blogDir = path.join(contentDir, "blog");
  const files = existsSync(blogDir) ? readdirSync(blogDir).filter((name) => name.endsWith(".md")) : [];
  for (const file of files) {
    const slug = file.replace(/\.md$/, "");
    const { meta, body } = parseFrontMatter(readFileSync(path.join(blogDir, file), "utf8"));
    const { title = meta.title, rest } = splitTitle(body);
    if (!SLUG.test(slug)) throw new Error(`content/blog/${file}: the file name must be a lower-case slug`);
    if (!title) throw new Error(`content/blog/${file}: needs a title (front matter or a # heading)`);
    if (!meta.date || Number.isNaN(Date.parse(meta.date))) throw new Error(`content/blog/${file}: needs a date: YYYY-MM-DD`);
    const summary = meta.summary ?? "";
    posts.push({ slug, title, date: meta.date, summary });
    pages.set(`/blog/${slug}`, { kind: "post", path: `/blog/${slug}`, title, description: summary || title, date: meta.date, html: render(rest) });
  }
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  pages.set("/blog", { kind: "blog-index", path: "/blog", title: "Blog", description: "News and guides from the team.", posts });

  const versions = {} as SiteContent["versions"];
  const unwritten: string[] = [];
  const missingBeforeInvesting: string[] = [];
  for (const { slug, folder, label, missing, beforeInvesting } of OPERATOR_PAGES) {
    const name = `content/${folder}/${slug}.md`;
    const file = path.join(contentDir, folder, `${slug}.md`);
    const source = existsSync(file) ? parseFrontMatter(readFileSync(file, "utf8")) : undefined;
    // The example text shipped with the software is not the operator's word: in production it
    // counts as not published; elsewhere it is shown, marked as an example.
    if (!source || (options.production && source.meta.example === "true")) {
      versions[slug] = null;
      unwritten.push(name);
      if (beforeInvesting) missingBeforeInvesting.push(missing);
      pages.set(`/${slug}`, { kind: "unwritten", path: `/${slug}`, title: label, description: `${label}: not published yet.`, message: unwrittenPageMessage(missing) });
      continue;
    }
    const { meta, body } = source;
    const { title = meta.title ?? label, rest } = splitTitle(body);
    // The date and version are what a reader (and a sign-up's consent) relies on: no page without them.
    if (!meta.version) throw new Error(`${name}: needs a version (front matter "version: 1")`);
    if (!meta.updated || !DATE.test(meta.updated) || Number.isNaN(Date.parse(meta.updated))) throw new Error(`${name}: needs the date of its last change ("updated: YYYY-MM-DD")`);
    versions[slug] = meta.version;
    const example = meta.example === "true";
    pages.set(`/${slug}`, { kind: "legal", path: `/${slug}`, title, description: meta.description ?? title, version: meta.version, updated: meta.updated, example, html: render(rest) });
  }
  return { posts, pages, versions, unwritten, missingBeforeInvesting };
}
