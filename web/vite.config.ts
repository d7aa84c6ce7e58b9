// Vite build of the web app into web/dist, which the API process serves; `npm run web:dev` proxies /api to it.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { resolve } from "node:path";

const apiTarget = process.env.API_URL ?? "http://localhost:8080";

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react()],
  build: {
    // WEB_DIR is also where the API process looks for the app (cli/config.ts), relative to the working directory.
    outDir: process.env.WEB_DIR ? resolve(process.env.WEB_DIR) : "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
  },
  server: {
    fs: { allow: [".."] },
    proxy: { "/api": apiTarget },
  },
});
