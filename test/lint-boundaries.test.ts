// eslint.config.js's import boundaries (DESIGN.md's layout) report what crosses them, so the rules cannot silently stop working.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const BOUNDARY_RULES = new Set(["layout/rooms", "@typescript-eslint/no-restricted-imports"]);

// Only the boundary rules, without type information: a snippet at a path that does not exist is no file of a TypeScript project.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.has(ruleId),
});

/** The boundary rules that report `code` as if it were the file at `filePath` (relative to the root). */
async function boundaryFindings(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: ROOT + filePath });
  const fatal = result.messages.filter((message) => message.fatal);
  expect(fatal).toEqual([]);
  return result.messages.map((message) => message.ruleId ?? "");
}

describe("import boundaries", () => {
  it("core/ imports nothing of ours", async () => {
    expect(await boundaryFindings("core/lint-probe.ts", 'import { migrate } from "../db/migrate.ts";\nexport const m = migrate;\n')).toEqual(["layout/rooms"]);
    expect(
      await boundaryFindings(
        "core/lint-probe.ts",
        'import { bech32 } from "@cosmjs/encoding";\nimport * as f from "./format.ts";\nexport const m = [bech32, f];\n',
      ),
    ).toEqual([]);
  });

  it("api/ never imports indexer/ or devnet/, indexer/ never imports api/", async () => {
    const api =
      'import { Indexer } from "../indexer/indexer.ts";\nimport * as d from "../devnet/referral.ts";\nimport { migrate } from "../db/migrate.ts";\nexport const m = [Indexer, d, migrate];\n';
    expect(await boundaryFindings("api/lint-probe.ts", api)).toEqual(["layout/rooms", "layout/rooms"]);
    expect(await boundaryFindings("indexer/lint-probe.ts", 'import { buildApi } from "../api/server.ts";\nexport const m = buildApi;\n')).toEqual([
      "layout/rooms",
    ]);
  });

  it("web/ imports only web/, core/ and node modules", async () => {
    const code =
      'import { buildApi } from "../../../api/server.ts";\nimport { formatTokens } from "../../../core/format.ts";\nimport { useQuery } from "@tanstack/react-query";\nexport const m = [buildApi, formatTokens, useQuery];\n';
    expect(await boundaryFindings("web/src/components/LintProbe.tsx", code)).toEqual(["layout/rooms"]);
  });

  it("web/ takes the shared shapes as types only", async () => {
    const code =
      'import { Block } from "../../../shapes/blocks.ts";\nimport type { Validator } from "../../../shapes/validators.ts";\nexport type M = [typeof Block, Validator];\n';
    expect(await boundaryFindings("web/src/components/LintProbe.tsx", code)).toEqual(["@typescript-eslint/no-restricted-imports"]);
  });

  it("a page does not import another page's folder", async () => {
    const code =
      'import { displayName } from "../address/shortening.ts";\nimport { Card } from "../../components/Card.tsx";\nimport * as own from "./HomePage.tsx";\nexport const m = [displayName, Card, own];\n';
    expect(await boundaryFindings("web/src/pages/home/LintProbe.tsx", code)).toEqual(["layout/rooms"]);
  });
});
