import { runControlCommand } from "./run-control-command.js";

const USAGE = "Usage: npm run audit -- verify";

/** Checks the audit log's hash chain (decision 0034): exit 0 when whole, 1 naming the first broken entry. */
async function main() {
  const [verb, ...rest] = process.argv.slice(2);
  if (verb !== "verify" || rest.length) {
    console.error(USAGE);
    process.exit(2);
  }
  const reply = await runControlCommand("audit-verify", {});
  (reply.ok ? console.log : console.error)(reply.message);
  process.exit(reply.ok ? 0 : 1);
}

main().catch(runControlCommand.fail);
