import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { SMTPServer } from "smtp-server";
import { expect, type APIRequestContext } from "@playwright/test";
import { Authenticator, totpSecret } from "./totp.js";

export { createDatabase, postgresAnswers } from "../tests/helpers/postgres-server.js";

/** A message the test's SMTP server accepted: the envelope's recipient, the decoded subject and text. */
export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words in a header, as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_word, encoding: string, data: string) =>
    encoding.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
}

/** Splits one single-part text message (all Termvest sends) into its subject and decoded text. */
export function parseMessage(raw: string, to: string): CapturedMail {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => headers.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1] ?? "";
  const body = raw.slice(split + 4);
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text = encoding === "base64" ? Buffer.from(body, "base64").toString("utf8") : encoding === "quoted-printable" ? decodeQuotedPrintable(body) : body;
  return { to, subject: decodeWords(header("Subject")), text };
}

/** An SMTP server without STARTTLS or authentication that keeps every message it accepts. */
export async function startSmtp(port: number): Promise<{ messages: CapturedMail[]; close(): Promise<void> }> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        for (const recipient of session.envelope.rcptTo) messages.push(parseMessage(raw, recipient.address));
        callback();
      });
    },
  });
  server.listen(port, "127.0.0.1");
  await once(server.server, "listening");
  return { messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A child process whose output is kept (printed when the test fails) and which is stopped by its own pid. */
export function startProcess(command: string, args: string[], env: Record<string, string>): { child: ChildProcess; output: string[] } {
  const output: string[] = [];
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/** Polls `url` until it answers 200 (a server's /readyz), or fails after `timeoutMs`. */
export async function waitUntilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms`);
}

export interface OperatorSetup {
  /** The server's PUBLIC_URL, sent as Origin. */
  origin: string;
  email: string;
  password: string;
  /** The verification link from the mail the sign-up sent, however this server delivers mail. */
  verificationLink(email: string): Promise<string>;
  /** What the operator CLI needs to reach this server's database (DATABASE_URL, or DATA_DIR for the embedded one). */
  cliEnv: Record<string, string>;
}

/** An operator on a server of the test's own: signed up and verified, made admin by the CLI, signed in with `request`, enrolled in two-factor. */
export async function newOperator(request: APIRequestContext, setup: OperatorSetup): Promise<Authenticator> {
  const { origin, email, password } = setup;
  const headers = { Origin: origin };
  const signUp = await request.post("/api/auth/sign-up/email", { data: { name: "Olu Operator", email, password, acceptTerms: true, acceptRisk: true }, headers });
  expect(signUp.status(), await signUp.text()).toBe(200);
  expect((await request.get(await setup.verificationLink(email), { maxRedirects: 0 })).status()).toBe(302);
  execFileSync("node", ["dist/server/cli/admin.js", "grant", email], { env: { ...process.env, ...setup.cliEnv }, stdio: "pipe" });
  const signIn = await request.post("/api/auth/sign-in/email", { data: { email, password, rememberMe: true }, headers });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const enabled = await request.post("/api/auth/two-factor/enable", { data: { password }, headers });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const authenticator = new Authenticator(totpSecret(((await enabled.json()) as { totpURI: string }).totpURI));
  const confirmed = await request.post("/api/auth/two-factor/verify-totp", { data: { code: await authenticator.nextCode() }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return authenticator;
}
