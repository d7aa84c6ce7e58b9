// The i18next resources (src/i18n/locales/<language>/<namespace>.json) as plain JSON files of the build, under a folder
// named for their content, so the first load carries one base path instead of a module map of every language's files.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import type { Plugin } from "vite";

const LOCALES_DIR = new URL("./src/i18n/locales/", import.meta.url);

function localeFiles(): { path: string; text: string }[] {
  return readdirSync(LOCALES_DIR)
    .sort()
    .flatMap((language) =>
      readdirSync(new URL(`${language}/`, LOCALES_DIR))
        .filter((file) => file.endsWith(".json"))
        .sort()
        .map((file) => ({ path: `${language}/${file}`, text: readFileSync(new URL(`${language}/${file}`, LOCALES_DIR), "utf8") })),
    );
}

/** `__LOCALES_BASE__` is where the app fetches `<language>/<namespace>.json`: the sources while developing, hashed assets when built. */
export function localeAssets(): Plugin {
  let folder = "";
  return {
    name: "axm-locale-assets",
    config(_, { command }) {
      if (command === "build") {
        const hash = createHash("sha256");
        for (const file of localeFiles()) hash.update(file.path).update(file.text);
        folder = `assets/locales-${hash.digest("hex").slice(0, 10)}`;
      }
      return { define: { __LOCALES_BASE__: JSON.stringify(command === "build" ? `/${folder}` : "/src/i18n/locales") } };
    },
    generateBundle() {
      if (!folder) return;
      for (const file of localeFiles()) {
        this.emitFile({ type: "asset", fileName: `${folder}/${file.path}`, source: JSON.stringify(JSON.parse(file.text)) });
      }
    },
  };
}
