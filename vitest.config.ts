import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default here is one worker less than the cores: one on CI's two. The server tests
    // mostly wait (on PostgreSQL, on spawned servers, on timers), so a third worker shortens the
    // run (PostgreSQL part: 262 s with one worker, 188 s with three).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          // One module graph per worker, not per file: importing the server again for each of ~80
          // files cost more than a minute of the run. A test that needs state of its own makes it
          // (each file its own database and server; uuidSequence() for the id generator's state).
          isolate: false,
          include: ["server/**/*.test.ts", "shared/**/*.test.ts", "tests/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["tests/helpers/migrated-template.ts", "tests/helpers/server-build.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          // One jsdom per worker, reset after each file by the setup file.
          isolate: false,
          setupFiles: ["web/test-setup.ts"],
          include: ["web/**/*.test.{ts,tsx}"],
        },
      },
    ],
  },
});
