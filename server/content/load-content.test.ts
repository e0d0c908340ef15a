import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { createLogger } from "../logger.js";
import { loadContent, parseFrontMatter } from "./load-content.js";
import { reportUnwrittenPages } from "./unwritten-pages.js";

const dirs: string[] = [];
function contentDir(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "termvest-content-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("parseFrontMatter", () => {
  it("reads key: value lines and leaves the body", () => {
    expect(parseFrontMatter("---\ntitle: Hello: world\ndate: 2026-01-02\n---\nBody")).toEqual({ meta: { title: "Hello: world", date: "2026-01-02" }, body: "Body" });
    expect(parseFrontMatter("No front matter")).toEqual({ meta: {}, body: "No front matter" });
  });
});

describe("loadContent", () => {
  it("has an empty blog index when there are no posts", () => {
    const { posts, pages } = loadContent(contentDir({}));
    expect(posts).toEqual([]);
    expect(pages.get("/blog")).toMatchObject({ kind: "blog-index", posts: [] });
  });

  it("serves an operator page with no file as unwritten, in plain words for the visitor, and lists it", () => {
    const { pages, versions, unwritten } = loadContent(contentDir({}));
    expect(pages.get("/terms")).toEqual({
      kind: "unwritten",
      path: "/terms",
      title: "Terms of Service",
      description: "Terms of Service: not published yet.",
      message: "The operator has not published its Terms of Service yet. Do not invest until it has.",
    });
    expect(pages.get("/how-returns-work")).toMatchObject({
      kind: "unwritten",
      message: "The operator has not published how the returns on its plans are generated yet. Do not invest until it has.",
    });
    expect(versions).toEqual({ terms: null, privacy: null, risk: null, "how-returns-work": null });
    expect(unwritten).toEqual(["content/legal/terms.md", "content/legal/privacy.md", "content/legal/risk.md", "content/pages/how-returns-work.md"]);
  });

  it("reads each written page's version and last-changed date", () => {
    const { pages, versions, unwritten } = loadContent(
      contentDir({
        "legal/risk.md": "---\nversion: 2026-03\nupdated: 2026-03-01\n---\n# Risk\n\nText",
        "pages/how-returns-work.md": "---\nversion: 1\nupdated: 2026-02-01\n---\n# How returns work\n\nTrading.",
      }),
    );
    expect(pages.get("/risk")).toMatchObject({ kind: "legal", title: "Risk", version: "2026-03", updated: "2026-03-01" });
    expect(pages.get("/how-returns-work")).toMatchObject({ kind: "legal", version: "1", html: "<p>Trading.</p>\n" });
    expect(versions).toMatchObject({ risk: "2026-03", terms: null, "how-returns-work": "1" });
    expect(unwritten).toEqual(["content/legal/terms.md", "content/legal/privacy.md"]);
  });

  it("stops with the file name when a written page has no version or date", () => {
    expect(() => loadContent(contentDir({ "legal/terms.md": "---\nupdated: 2026-01-01\n---\n# T" }))).toThrow("content/legal/terms.md: needs a version");
    expect(() => loadContent(contentDir({ "legal/terms.md": "---\nversion: 1\n---\n# T" }))).toThrow("content/legal/terms.md: needs the date of its last change");
    expect(() => loadContent(contentDir({ "legal/terms.md": "---\nversion: 1\nupdated: last week\n---\n# T" }))).toThrow("needs the date");
  });

  it("ships every operator page as a marked example: shown outside production, unpublished in production, where investing waits", () => {
    const shipped = path.resolve(import.meta.dirname, "../../content");
    const local = loadContent(shipped);
    expect(local.unwritten).toEqual([]);
    expect(local.missingBeforeInvesting).toEqual([]);
    for (const slug of ["terms", "privacy", "risk", "how-returns-work"]) {
      const page = local.pages.get(`/${slug}`);
      expect(page).toMatchObject({ kind: "legal", example: true });
      // Words for visitors only: no instructions to the operator, no company left unnamed.
      expect(page && "html" in page ? page.html : "").not.toMatch(/content\/legal|operator edits|named in the footer/);
    }
    const production = loadContent(shipped, { production: true });
    expect(production.unwritten).toEqual(["content/legal/terms.md", "content/legal/privacy.md", "content/legal/risk.md", "content/pages/how-returns-work.md"]);
    expect(production.missingBeforeInvesting).toEqual(["its Terms of Service", "its Risk Disclosure", "how the returns on its plans are generated"]);
    expect(production.pages.get("/terms")).toMatchObject({ kind: "unwritten", message: "The operator has not published its Terms of Service yet. Do not invest until it has." });
    expect(production.versions).toEqual({ terms: null, privacy: null, risk: null, "how-returns-work": null });
  });

  it("counts the operator's own text as published in production", () => {
    const own = loadContent(contentDir({ "legal/terms.md": "---\nversion: 3\nupdated: 2026-01-01\n---\n# Terms\n\nOurs." }), { production: true });
    expect(own.pages.get("/terms")).toMatchObject({ kind: "legal", version: "3", example: false });
    expect(own.missingBeforeInvesting).toEqual(["its Risk Disclosure", "how the returns on its plans are generated"]);
  });

  it("lists posts newest first and renders each to HTML", () => {
    const { posts, pages } = loadContent(
      contentDir({
        "blog/older.md": "---\ntitle: Older\ndate: 2026-01-01\nsummary: First\n---\nHello **there**",
        "blog/newer.md": "---\ndate: 2026-02-01\n---\n# Newer from heading\n\nText",
        "legal/terms.md": "---\nversion: 1\nupdated: 2026-01-01\n---\n# Our Terms\n\n- one",
      }),
    );
    expect(posts.map((post) => post.slug)).toEqual(["newer", "older"]);
    expect(pages.get("/blog/older")).toMatchObject({ kind: "post", title: "Older", html: "<p>Hello <strong>there</strong></p>\n" });
    expect(pages.get("/blog/newer")).toMatchObject({ title: "Newer from heading", html: "<p>Text</p>\n" });
    expect(pages.get("/terms")).toMatchObject({ kind: "legal", title: "Our Terms", html: "<ul>\n<li>one</li>\n</ul>\n" });
  });

  it("stops with the file name when a post is malformed", () => {
    expect(() => loadContent(contentDir({ "blog/no-date.md": "# Title\n" }))).toThrow("content/blog/no-date.md: needs a date");
    expect(() => loadContent(contentDir({ "blog/Bad Name.md": "---\ndate: 2026-01-01\n---\n# T" }))).toThrow("lower-case slug");
  });
});

describe("reportUnwrittenPages", () => {
  it("logs an error per unwritten page in production only", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const logger = createLogger("info", sink);
    const content = { unwritten: ["content/legal/terms.md", "content/pages/how-returns-work.md"], missingBeforeInvesting: ["its Terms of Service"] };
    reportUnwrittenPages(content, false, logger);
    expect(lines).toEqual([]);
    reportUnwrittenPages(content, true, logger);
    expect(lines.map((line) => JSON.parse(line) as { level: number; file?: string; missing?: string[] })).toMatchObject([
      { level: 50, file: "content/legal/terms.md" },
      { level: 50, file: "content/pages/how-returns-work.md" },
      { level: 50, missing: ["its Terms of Service"] },
    ]);
  });
});
