// Vite build of the web app into web/dist, which the API process serves; `npm run web:dev` proxies /api to it.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

const apiTarget = process.env.API_URL ?? "http://localhost:8080";

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
  },
  server: {
    fs: { allow: [".."] },
    proxy: { "/api": apiTarget },
  },
});
