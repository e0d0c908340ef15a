import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from server/db/schema.ts; they are applied at start (never `push`).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
