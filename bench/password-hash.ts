/**
 * What one password hash costs: argon2id with the parameters sign-up and sign-in use
 * (server/auth/password-hash.ts), beside the scrypt better-auth used before (the hashes old accounts
 * still hold until their next sign-in) and scrypt at OWASP's N = 2^17 (the alternative the issue
 * allowed). Run: npx tsx bench/password-hash.ts
 */
import { scrypt } from "node:crypto";
import os from "node:os";
import { promisify } from "node:util";
import { hashPassword as legacyScryptHash } from "better-auth/crypto";
import { ARGON2_OPTIONS, hashPassword } from "#server/auth/password-hash.js";
import { median, table, writeSection } from "./lib/markdown.js";

const SEQUENTIAL = 30;
const CONCURRENT = 40;
const scryptAsync = promisify(scrypt) as (password: string, salt: string, length: number, options: object) => Promise<Buffer>;

interface Scheme {
  name: string;
  memory: string;
  hash: (password: string) => Promise<unknown>;
}

const schemes: Scheme[] = [
  { name: `argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism} (ours)`, memory: "19 MiB", hash: hashPassword },
  { name: "scrypt N=2^14, r=16, p=1 (better-auth's, old accounts)", memory: "32 MiB", hash: legacyScryptHash },
  { name: "scrypt N=2^17, r=8, p=1 (OWASP's scrypt floor)", memory: "128 MiB", hash: (password) => scryptAsync(password, "salt-salt-salt-1", 64, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }) },
];

async function measure(scheme: Scheme) {
  await scheme.hash("warm-up-password");
  const times: number[] = [];
  for (let index = 0; index < SEQUENTIAL; index++) {
    const started = performance.now();
    await scheme.hash(`Sturdy-Ledger-${index}`);
    times.push(performance.now() - started);
  }
  // Many sign-ins at once: libuv's pool (4 threads) on our 2 cores.
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT }, (_, index) => scheme.hash(`Busy-Ledger-${index}`)));
  const perSecond = CONCURRENT / ((performance.now() - started) / 1000);
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(times) ?? 0, p90: sorted[Math.floor(sorted.length * 0.9)] ?? 0, perSecond };
}

const started = new Date();
const rows: string[][] = [];
for (const scheme of schemes) {
  const result = await measure(scheme);
  rows.push([scheme.name, scheme.memory, `${result.median.toFixed(1)} ms`, `${result.p90.toFixed(1)} ms`, result.perSecond.toFixed(1)]);
  console.log(scheme.name, result);
}

const body = [
  `- Date: ${started.toISOString().replace(/\.\d+Z$/, "Z")}`,
  `- Machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.cpus()[0]?.model.trim()}; load average ${os.loadavg()[0]?.toFixed(2)} at start`,
  `- Node ${process.version}; UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? "4 (default)"}`,
  "- Command: `npx tsx bench/password-hash.ts`",
  `- One hash at a time (${SEQUENTIAL} each, median and 90th percentile), then ${CONCURRENT} at once (hashes a second). Every hash runs on libuv's thread pool, so the event loop keeps serving meanwhile; the last column is what a burst of sign-ins can get through on this machine.`,
  "",
  table(["Scheme", "Memory per hash", "Median", "p90", "Hashes/s, 40 at once"], rows, ["l", "r", "r", "r", "r"]),
  "",
  "A sign-in or sign-up costs one argon2id hash; a wrong password for an unknown address costs one too (better-auth hashes anyway, so both answer in the same time). The per-address limit on sign-in (60 a minute) bounds what one address can make the server spend.",
].join("\n");
writeSection("## Password hashing (bench/password-hash.ts)", body);
