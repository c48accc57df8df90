import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": new URL("./src", import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: { target: "es2022", sourcemap: false, assetsInlineLimit: 2048 },
  // The CAD model worker loads its readers (three.js loaders, rhino3dm, occt-import-js) on demand: ES module chunks.
  worker: { format: "es" },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    // jsdom and userEvent typing are slow on a loaded two-core CI machine; the default 5 s
    // turned slow runs into failures. This bounds hangs, it does not time behaviour.
    testTimeout: 20_000,
  },
});
