import { ConfigError, loadConfig } from "./env.js";
import { DataDirInUseError } from "./data-dir.js";
import { createLogger } from "./logger.js";
import { startServer } from "./server.js";

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.logLevel);

// A promise nobody handled is a bug to fix, not a reason to drop every request in flight: log it
// and keep serving. An exception nobody caught may have left state half-changed, so that one ends
// the process (after a clean stop when possible) and the supervisor starts a fresh one.
let stopAndExit: ((reason: string, code: number) => void) | undefined;
process.on("unhandledRejection", (reason) => {
  logger.error({ err: reason }, "unhandled promise rejection");
});
process.on("uncaughtException", (error) => {
  logger.fatal({ err: error }, "uncaught exception; stopping");
  if (stopAndExit) stopAndExit("uncaughtException", 1);
  else process.exit(1);
});

try {
  const server = await startServer(config, logger);
  let stopping = false;
  const stop = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close().then(
      () => process.exit(exitCode),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  stopAndExit = stop;
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (error) {
  if (error instanceof DataDirInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  logger.fatal({ err: error }, "could not start");
  process.exit(1);
}
