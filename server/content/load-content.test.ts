import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadContent, parseFrontMatter } from "./load-content.js";

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
    expect(pages.has("/terms")).toBe(false);
  });

  it("lists posts newest first and renders each to HTML", () => {
    const { posts, pages } = loadContent(
      contentDir({
        "blog/older.md": "---\ntitle: Older\ndate: 2026-01-01\nsummary: First\n---\nHello **there**",
        "blog/newer.md": "---\ndate: 2026-02-01\n---\n# Newer from heading\n\nText",
        "legal/terms.md": "# Our Terms\n\n- one",
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
