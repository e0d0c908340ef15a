#!/usr/bin/env node
// Makes sure a Chromium exists for the Playwright suite, without downloading one when the
// system already has it. Order: CHROMIUM_PATH, /usr/bin/chromium, Debian's package via apt-get
// (as root or with password-less sudo), and only then Playwright's own download.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

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

function main() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) {
    console.log(`ensure-browser: using CHROMIUM_PATH=${configured}; nothing to do.`);
    return 0;
  }
  if (existsSync(SYSTEM_CHROMIUM)) {
    console.log(`ensure-browser: using ${SYSTEM_CHROMIUM}; nothing to do.`);
    return 0;
  }
  if (configured) console.warn(`ensure-browser: CHROMIUM_PATH=${configured} does not exist; looking elsewhere.`);

  if (process.platform === "linux" && hasCommand("apt-get")) {
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
    const sudo = !isRoot && hasCommand("sudo") && quietly("sudo", ["-n", "true"]);
    if (isRoot || sudo) {
      const apt = (args) => (isRoot ? run("apt-get", args) : run("sudo", ["-n", "apt-get", ...args]));
      if (apt(["update"]) && apt(["install", "-y", "chromium"]) && existsSync(SYSTEM_CHROMIUM)) {
        console.log(`ensure-browser: installed Debian's chromium at ${SYSTEM_CHROMIUM} with apt-get.`);
        return 0;
      }
      console.warn("ensure-browser: apt-get could not install chromium; trying Playwright's browser.");
    }
  }

  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  if (run(npx, ["playwright", "install", "chromium"])) {
    console.log("ensure-browser: installed Playwright's chromium with `npx playwright install chromium`.");
    return 0;
  }
  console.error("ensure-browser: no Chromium found and none could be installed.");
  return 1;
}

process.exit(main());
