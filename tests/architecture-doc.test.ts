import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/ARCHITECTURE.md is how a new engineer finds their way; it is only useful while it matches
 * the code. These checks fail when a router, a setting or a cited file is added, renamed or
 * removed without the document following.
 */
const doc = readFileSync("docs/ARCHITECTURE.md", "utf8");

describe("docs/ARCHITECTURE.md", () => {
  it("names every router in server/routes", () => {
    const routers = readdirSync("server/routes").filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    expect(routers.length).toBeGreaterThan(5);
    const missing = routers.filter((file) => !doc.includes(`routes/${file}`));
    expect(missing, "routers missing from docs/ARCHITECTURE.md").toEqual([]);
  });

  it("names every setting server/env.ts reads", () => {
    const envSource = readFileSync("server/env.ts", "utf8");
    const settings = [...envSource.matchAll(/^\s{4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
    expect(settings).toContain("DATABASE_URL");
    const missing = settings.filter((name) => !new RegExp(`\\b${name}\\b`).test(doc));
    expect(missing, "settings missing from docs/ARCHITECTURE.md").toEqual([]);
  });

  it("cites only files and folders that exist", () => {
    const cited = [...doc.matchAll(/`((?:server|web|shared|tests|e2e|bench|docs|deploy|scripts)\/[\w./*-]*[\w/])`/g)].map((match) => match[1]!);
    expect(cited.length).toBeGreaterThan(10);
    const dangling = cited.filter((file) => !file.includes("*") && !file.includes("<") && !existsSync(file));
    expect(dangling, "paths in docs/ARCHITECTURE.md that do not exist").toEqual([]);
  });
});
