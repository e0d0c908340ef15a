import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { capturedLogger } from "../tests/helpers/captured-logger.js";

describe("logged errors", () => {
  it("keep a failed query's SQL and reason but never the values it bound", () => {
    const { logger, lines } = capturedLogger();
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const error = new DrizzleQueryError('insert into "contact_message" ("name", "email") values ($1, $2)', ["Ada\u0000Obi", "ada@example.com"], cause);
    logger.error({ err: error }, "unhandled error");

    const [line = ""] = lines;
    expect(line).not.toContain("Ada");
    expect(line).not.toContain("ada@example.com");
    const { err } = JSON.parse(line) as { err: { message: string; stack: string; params?: unknown } };
    expect(err.params).toBeUndefined();
    expect(err.message).toBe('Failed query: insert into "contact_message" ("name", "email") values ($1, $2)\nparams: [redacted]: invalid byte sequence for encoding "UTF8": 0x00');
    expect(err.stack).toMatch(/^Error: Failed query: insert into "contact_message".*\nparams: \[redacted\]\n {4}at /);
    expect(err.stack).toContain("caused by: Error: invalid byte sequence");
  });

  it("log other errors as before", () => {
    const { logger, lines } = capturedLogger();
    logger.error({ err: new Error("disk full") }, "unhandled error");
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({ err: { type: "Error", message: "disk full" } });
  });
});

describe("the server's log", () => {
  it("loses no line when the process exits in the turn that logged it (stdout, as the server logs)", () => {
    const script = `import { createLogger } from ${JSON.stringify(path.resolve(import.meta.dirname, "logger.ts"))}; createLogger("info").info("last words"); process.exit(3);`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.status).toBe(3);
    expect(JSON.parse(child.stdout.trim()).msg).toBe("last words");
  });
});
