import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const web = (file: string) => fileURLToPath(new URL(`./web/${file}`, import.meta.url));

export default defineConfig({
  root: "web",
  publicDir: "../public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    target: "es2022",
    // Two entries: the dashboard app (index.html) and the public pages' small script, which the
    // server finds in the manifest (server/http/page-scripts.ts, decision 0064).
    manifest: true,
    rollupOptions: { input: { index: web("index.html"), public: web("public-entry.ts") } },
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" },
  },
});
