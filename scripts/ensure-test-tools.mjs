#!/usr/bin/env node
// Makes sure the programs the tests run exist before `npm test`: a Chromium for the Playwright
// suite, without downloading one when the system already has it (order: CHROMIUM_PATH, Debian's
// headless shell /usr/bin/chromium-headless-shell (decision 0068), Debian's package of it via
// apt-get as root or with password-less sudo, /usr/bin/chromium, and only then Playwright's own
// download); pdftotext (Debian's poppler-utils), which reads the statements' PDFs back in
// tests/statements.test.ts; PgBouncer, which tests/pgbouncer.test.ts runs in front of the app; and
// PostgreSQL's server programs (initdb, pg_basebackup), with which tests/read-replica.test.ts makes
// its own primary and streaming replica.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const SYSTEM_CHROMIUM = "/usr/bin/chromium";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", shell: process.platform === "win32" });
  return result.status === 0;
}

function quietly(command, args) {
  const result = spawnSync(command, args, { stdio: "ignore" });
  return result.status === 0;
}

function hasCommand(command) {
  return quietly("sh", ["-c", `command -v ${command}`]);
}

/** apt-get as root, or through password-less sudo; undefined when neither is possible. */
function aptGet() {
  if (process.platform !== "linux" || !hasCommand("apt-get")) return undefined;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const sudo = !isRoot && hasCommand("sudo") && quietly("sudo", ["-n", "true"]);
  if (!isRoot && !sudo) return undefined;
  return (args) => (isRoot ? run("apt-get", args) : run("sudo", ["-n", "apt-get", ...args]));
}

/** `found()` true, or Debian's `pkg` installed with apt-get until it is; 0 when found, 1 (saying why) when not. */
function ensureDebianPackage(what, pkg, found) {
  if (found()) return 0;
  const apt = aptGet();
  if (apt && apt(["update"]) && apt(["install", "-y", pkg]) && found()) {
    console.log(`ensure-test-tools: installed Debian's ${pkg} (${what}) with apt-get.`);
    return 0;
  }
  console.error(`ensure-test-tools: ${what} is missing; install ${pkg} (apt-get install ${pkg}).`);
  return 1;
}

const hasInitdb = () =>
  existsSync("/usr/lib/postgresql") && readdirSync("/usr/lib/postgresql").some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));

function ensurePdfToText() {
  return ensureDebianPackage("/usr/bin/pdftotext", "poppler-utils", () => existsSync("/usr/bin/pdftotext"));
}

function ensurePgbouncer() {
  return ensureDebianPackage("/usr/sbin/pgbouncer", "pgbouncer", () => existsSync("/usr/sbin/pgbouncer"));
}

function ensurePostgresPrograms() {
  return ensureDebianPackage("PostgreSQL's initdb", "postgresql", hasInitdb);
}

function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) {
    console.log(`ensure-test-tools: using CHROMIUM_PATH=${configured}; nothing to do.`);
    return 0;
  }
  if (existsSync(HEADLESS_SHELL)) {
    console.log(`ensure-test-tools: using ${HEADLESS_SHELL}; nothing to do.`);
    return 0;
  }
  if (configured) console.warn(`ensure-test-tools: CHROMIUM_PATH=${configured} does not exist; looking elsewhere.`);

  const apt = aptGet();
  if (apt) {
    if (apt(["update"]) && apt(["install", "-y", "chromium-headless-shell"]) && existsSync(HEADLESS_SHELL)) {
      console.log(`ensure-test-tools: installed Debian's chromium-headless-shell at ${HEADLESS_SHELL} with apt-get.`);
      return 0;
    }
    console.warn("ensure-test-tools: apt-get could not install chromium-headless-shell; trying the full browser.");
  }
  if (existsSync(SYSTEM_CHROMIUM)) {
    console.log(`ensure-test-tools: using ${SYSTEM_CHROMIUM}.`);
    return 0;
  }
  if (apt) {
    if (apt(["install", "-y", "chromium"]) && existsSync(SYSTEM_CHROMIUM)) {
      console.log(`ensure-test-tools: installed Debian's chromium at ${SYSTEM_CHROMIUM} with apt-get.`);
      return 0;
    }
    console.warn("ensure-test-tools: apt-get could not install chromium; trying Playwright's browser.");
  }

  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  if (run(npx, ["playwright", "install", "chromium"])) {
    console.log("ensure-test-tools: installed Playwright's chromium with `npx playwright install chromium`.");
    return 0;
  }
  console.error("ensure-test-tools: no Chromium found and none could be installed.");
  return 1;
}

process.exit(ensureChromium() || ensurePdfToText() || ensurePgbouncer() || ensurePostgresPrograms());
