import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { publicTemplate } from "./page-scripts.js";

const TEMPLATE = `<head>
    <title>x</title>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-B2.js">
    <link rel="modulepreload" crossorigin href="/assets/react-dom-C3.js">
    <style>body{}</style>
  </head>`;

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function clientDir(manifest?: object): string {
  dir = mkdtempSync(path.join(os.tmpdir(), "page-scripts-"));
  if (manifest) {
    mkdirSync(path.join(dir, ".vite"));
    writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
  }
  return dir;
}

describe("publicTemplate", () => {
  it("swaps the dashboard app's script and preloads for the public entry's script alone", () => {
    const html = publicTemplate(
      TEMPLATE,
      clientDir({
        "index.html": { file: "assets/index-A1.js", imports: ["_jsx.js"] },
        "public-entry.ts": { file: "assets/public-D4.js", imports: ["_api.js"], dynamicImports: ["islands/hydrate-island.tsx"] },
        "_api.js": { file: "assets/api-E5.js", imports: ["_cn.js"] },
        "_cn.js": { file: "assets/cn-F6.js" },
        "_jsx.js": { file: "assets/jsx-runtime-B2.js" },
        "islands/hydrate-island.tsx": { file: "assets/hydrate-island-G7.js", imports: ["_jsx.js"] },
      }),
    );
    expect(html).not.toContain("index-A1.js");
    expect(html).not.toContain("jsx-runtime-B2.js");
    expect(html).not.toContain("react-dom-C3.js");
    expect(html).not.toContain("hydrate-island");
    expect(html).toContain('<script type="module" crossorigin src="/assets/public-D4.js"></script>');
    expect(html).not.toContain("modulepreload");
    expect(html).toContain("<style>body{}</style>");
  });

  it("leaves a template without a manifest (an older build) as it is", () => {
    expect(publicTemplate(TEMPLATE, clientDir())).toBe(TEMPLATE);
  });
});
