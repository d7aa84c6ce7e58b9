// Vite build of the web app into web/dist (with brotli and gzip copies the API process serves), `npm run web:dev` proxies /api to it.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { resolve } from "node:path";
import { constants } from "node:zlib";
import { localeAssets } from "./locale-assets.ts";

const apiTarget = process.env.API_URL ?? "http://localhost:8080";

export default defineConfig({
  root: new URL(".", import.meta.url).pathname,
  plugins: [
    react(),
    localeAssets(),
    // Compressed once at build time at the highest levels: the server sends `.br`/`.gz` as they are (api/web-app.ts).
    compression({
      include: /\.(html|js|css|json|svg|txt|webmanifest)$/,
      algorithms: [defineAlgorithm("brotliCompress", { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm("gzip", { level: 9 })],
      logLevel: "silent",
    }),
  ],
  build: {
    // WEB_DIR is also where the API process looks for the app (cli/config.ts), relative to the working directory.
    outDir: process.env.WEB_DIR ? resolve(process.env.WEB_DIR) : "dist",
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|i18next-resources-to-backend|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    fs: { allow: [".."] },
    proxy: { "/api": apiTarget },
  },
});
