import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { partOf, refusal } from "../scripts/eslint/import-boundaries.js";
import { rootDir } from "#server/paths.js";

/** The lint's answer for an import from one file of this repository to another. */
function ruling(from: string, to: string): string | null {
  return refusal(partOf(path.join(rootDir, from)), partOf(path.join(rootDir, to)));
}

describe("the server's layers", () => {
  it("let routes use services, services use db and jobs, and the app mount routes", () => {
    expect(ruling("server/routes/transfers.ts", "server/services/transfers/send-transfer.ts")).toBeNull();
    expect(ruling("server/services/transfers/send-transfer.ts", "server/db/schema.ts")).toBeNull();
    expect(ruling("server/services/mail/enqueue-mail.ts", "server/jobs/enqueue.ts")).toBeNull();
    expect(ruling("server/app.ts", "server/routes/transfers.ts")).toBeNull();
    expect(ruling("server/db/ledger-sql.ts", "server/paths.ts")).toBeNull();
  });

  it("refuse every import that reaches back up", () => {
    expect(ruling("server/services/transfers/send-transfer.ts", "server/routes/transfers.ts")).toMatch(/Only server\/app.ts mounts routes/);
    expect(ruling("server/services/transfers/send-transfer.ts", "server/http/session.ts")).toMatch(/never imports server\/http/);
    expect(ruling("server/jobs/start-jobs.ts", "server/http/session.ts")).toMatch(/never imports server\/http/);
    expect(ruling("server/db/client.ts", "server/jobs/install.ts")).toMatch(/bottom layer/);
    expect(ruling("server/db/client.ts", "server/services/ledger/summary.ts")).toMatch(/bottom layer/);
  });
});

describe("import circles", () => {
  const script = path.join(rootDir, "scripts/check-import-cycles.mjs");

  it("there are none in server/, shared/ or web/", () => {
    expect(() => execFileSync(process.execPath, [script], { cwd: rootDir, stdio: "pipe" })).not.toThrow();
  });

  it("a circle of type-only imports is found and named", () => {
    const tree = mkdtempSync(path.join(tmpdir(), "termvest-circle-"));
    try {
      mkdirSync(path.join(tree, "server"));
      writeFileSync(path.join(tree, "package.json"), JSON.stringify({ imports: { "#server/*": "./server/*" } }));
      writeFileSync(path.join(tree, "server/a.ts"), 'import type { B } from "#server/b.js";\nexport type A = { b?: B };\n');
      writeFileSync(path.join(tree, "server/b.ts"), 'import type { A } from "./a.js";\nexport type B = { a?: A };\n');
      writeFileSync(path.join(tree, "server/c.ts"), 'import type { A } from "./a.js";\nexport type C = A;\n');
      const run = spawnSync(process.execPath, [script, tree], { encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("import circle: server/a.ts ↔ server/b.ts");
      expect(run.stderr).not.toContain("c.ts");
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
