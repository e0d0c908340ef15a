import { lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeBackupFile } from "#server/backup.js";

const directory = mkdtempSync(path.join(os.tmpdir(), "termvest-backup-file-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("writing a backup file", () => {
  it("never writes through a file or link planted at its temporary name: the copy is the owner's alone", () => {
    const target = path.join(directory, "backup.tar.gz");
    // Another user plants a world-readable file where the temporary copy will be written.
    writeFileSync(`${target}.partial`, "planted", { mode: 0o644 });
    writeBackupFile(target, new Uint8Array([1, 2, 3]));
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect([...readFileSync(target)]).toEqual([1, 2, 3]);

    // Or a link to a file they can read: the link is replaced, the file it pointed at is untouched.
    const theirs = path.join(directory, "theirs");
    writeFileSync(theirs, "theirs", { mode: 0o644 });
    const second = path.join(directory, "second.tar.gz");
    symlinkSync(theirs, `${second}.partial`);
    writeBackupFile(second, new Uint8Array([4, 5]));
    expect(readFileSync(theirs, "utf8")).toBe("theirs");
    expect(lstatSync(second).isSymbolicLink()).toBe(false);
    expect(statSync(second).mode & 0o777).toBe(0o600);
    expect([...readFileSync(second)]).toEqual([4, 5]);
  });
});
