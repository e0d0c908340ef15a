import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  publicDir: "../public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    target: "es2022",
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" },
  },
});
