import { execFileSync } from "node:child_process";
import path from "node:path";
import { rootDir } from "#server/paths.js";

/**
 * Vitest global setup of the server project: builds the server's bundle (`npm run build:server`,
 * under a second) once per run, so the tests that start the real process or an operator command
 * run what `npm start` runs, from this checkout's sources, without compiling TypeScript again in
 * every child process.
 */
export default function setup(): void {
  execFileSync("npm", ["run", "--silent", "build:server"], { cwd: rootDir, stdio: "inherit" });
}

/** A built entry point: the server (`main`) or an operator command (`cli/backup`, …). */
export function builtEntry(name: "main" | "cli/admin" | "cli/audit" | "cli/backup" | "cli/migrate"): string {
  return path.join(rootDir, "dist/server", `${name}.js`);
}
