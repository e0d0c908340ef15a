import { runControlCommand } from "./run-control-command.js";

const USAGE = "Usage: npm run admin -- grant <email>";

async function main() {
  const [verb, email, ...rest] = process.argv.slice(2);
  if (verb !== "grant" || !email || rest.length) {
    console.error(USAGE);
    process.exit(2);
  }
  const reply = await runControlCommand("grant-admin", { email });
  (reply.ok ? console.log : console.error)(reply.message);
  process.exit(reply.ok ? 0 : 1);
}

main().catch(runControlCommand.fail);
