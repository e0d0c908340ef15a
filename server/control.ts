import { existsSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { z } from "zod";
import type { Database, DatabaseHandle } from "./db/client.js";
import { AppError } from "./errors.js";
import { verifyAuditChain } from "./services/audit/verify-audit-chain.js";
import { grantAdmin } from "./services/users/grant-admin.js";

/**
 * Operator commands reach a running server through a Unix socket inside the data directory
 * (mode 0700, so only its owner can connect): PGlite cannot be opened by a second process.
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "control.sock");
}

const grantBody = z.object({ email: z.email() });

export type ControlReply = { ok: true; message: string } | { ok: false; message: string };

export async function handleControl(db: Database, command: string, body: unknown): Promise<ControlReply> {
  if (command === "grant-admin") {
    const parsed = grantBody.safeParse(body);
    if (!parsed.success) return { ok: false, message: "That is not a valid e-mail address." };
    const result = await grantAdmin(db, parsed.data.email);
    const status = result.alreadyAdmin ? `${result.email} is already an admin.` : `${result.email} is now an admin and must sign in again.`;
    const twoFactor = result.twoFactorEnabled
      ? "Two-factor authentication is on."
      : "They must turn on two-factor authentication in Settings before the back office opens: until then every admin request answers TWO_FACTOR_REQUIRED.";
    return { ok: true, message: `${status} ${twoFactor}` };
  }
  if (command === "audit-verify") return auditVerifyReply(db);
  return { ok: false, message: `Unknown command ${command}.` };
}

/**
 * The one command whose answer is not JSON: a consistent copy of the running embedded database
 * (a gzipped tarball of its data directory), streamed to `npm run backup` (server/backup.ts).
 */
async function sendBackup(database: DatabaseHandle, res: http.ServerResponse): Promise<void> {
  if (!database.dumpDataDir) throw new AppError("VALIDATION_FAILED", "Only the embedded database is backed up this way; use pg_dump for PostgreSQL.");
  const tarball = await database.dumpDataDir();
  res.writeHead(200, { "Content-Type": "application/gzip", "Content-Length": tarball.byteLength });
  res.end(tarball);
}

/** `npm run audit -- verify`: not ok (exit 1) when the chain is broken, naming the first broken entry. */
async function auditVerifyReply(db: Database): Promise<ControlReply> {
  const report = await verifyAuditChain(db);
  if (report.broken) {
    const { id, seq, reason } = report.broken;
    return { ok: false, message: `The audit log is broken at entry ${seq} (id ${id}): ${reason}. ${report.entries} entries before it are intact.` };
  }
  return { ok: true, message: `The audit log is intact: ${report.entries} entries, head hash ${report.headHash}.` };
}

export function startControlServer(database: DatabaseHandle, dataDir: string): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  if (existsSync(socket)) rmSync(socket);
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
      if (raw.length > 10_000) req.destroy();
    });
    req.on("end", () => {
      const command = (req.url ?? "").replace(/^\//, "");
      const reply = (status: number, payload: ControlReply) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const answered =
        command === "backup"
          ? sendBackup(database, res)
          : Promise.resolve()
              .then(() => handleControl(database.db, command, raw ? JSON.parse(raw) : {}))
              .then((payload) => reply(payload.ok ? 200 : 400, payload));
      answered
        .catch((error: unknown) =>
          reply(error instanceof AppError ? error.status : 400, { ok: false, message: error instanceof Error ? error.message : String(error) }),
        );
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () =>
      resolve(
        () =>
          new Promise<void>((done) => {
            server.close(() => done());
            rmSync(socket, { force: true });
          }),
      ),
    );
  });
}

function requestControl(dataDir: string, command: string, body: unknown): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: controlSocketPath(dataDir), path: `/${command}`, method: "POST", headers: { "Content-Type": "application/json" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

export async function sendControl(dataDir: string, command: string, body: unknown): Promise<ControlReply> {
  return JSON.parse((await requestControl(dataDir, command, body)).body.toString("utf8")) as ControlReply;
}

/** The running server's copy of its database (the "backup" command above). */
export async function fetchBackup(dataDir: string): Promise<Uint8Array> {
  const answer = await requestControl(dataDir, "backup", {});
  if (answer.status !== 200) throw new Error((JSON.parse(answer.body.toString("utf8")) as ControlReply).message);
  return answer.body;
}
