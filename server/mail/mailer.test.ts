import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createOutboxMailer, readOutbox } from "./mailer.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the outbox mailer", () => {
  it("writes each message to its directory, made on first use and again if it was removed", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "termvest-outbox-"));
    dirs.push(root);
    const directory = path.join(root, "outbox");
    const mailer = createOutboxMailer(directory, "Termvest <no-reply@termvest.example>");
    await mailer.send({ to: "ada@example.com", subject: "One", text: "first" });
    rmSync(directory, { recursive: true });
    await mailer.send({ to: "ben@example.com", subject: "Two", text: "second" });
    expect((await readOutbox(directory)).map((mail) => [mail.to, mail.subject])).toEqual([["ben@example.com", "Two"]]);
  });
});
