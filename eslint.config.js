// Lint rules: typescript-eslint with type information, React's hook rules for web/, and the import boundaries of DESIGN.md's layout.
import { readdirSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

const ROOT = import.meta.dirname;
const PAGES = "web/src/pages";
const PAGE_NAMES = readdirSync(`${ROOT}/${PAGES}`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** DESIGN.md's rooms: for a file in `room`, the folders (relative to the root) its imports may not reach. */
const ROOMS = [
  { room: "core", forbidden: (to) => !to.startsWith("core/"), message: "core/ imports nothing of ours (DESIGN.md)." },
  {
    room: "web",
    forbidden: (to) => !["web/", "core/", "shapes/"].some((room) => to.startsWith(room)),
    message: "web/ imports only core/ and shapes/ (DESIGN.md).",
  },
  { room: "api", forbidden: (to) => to.startsWith("indexer/") || to.startsWith("devnet/"), message: "api/ never imports indexer/ or devnet/ (DESIGN.md)." },
  { room: "indexer", forbidden: (to) => to.startsWith("api/"), message: "indexer/ never imports api/ (DESIGN.md)." },
];

/** The page folder a root-relative path lies in, or null. */
function pageOf(path) {
  const match = new RegExp(`^${PAGES}/([^/]+)/`).exec(path);
  return match && PAGE_NAMES.includes(match[1]) ? match[1] : null;
}

/** Why importing `to` from `from` (root-relative paths) crosses a boundary, or null. */
function crossing(from, to) {
  const room = ROOMS.find((r) => from.startsWith(`${r.room}/`));
  if (room?.forbidden(to)) return room.message;
  const page = pageOf(from);
  const other = pageOf(to);
  if (page && other && other !== page) return "A page imports no other page's folder: shared pieces belong in web/src/components/ or web/src/hooks/.";
  return null;
}

/**
 * The boundaries as a rule of our own: each relative import is resolved against the importing file's folder (so
 * `../../core` and `../core` are the same room at any depth) and checked against the rooms; packages are not ours.
 */
const rooms = {
  meta: { type: "problem", schema: [] },
  create(context) {
    const from = relative(ROOT, context.filename);
    const check = (source) => {
      if (typeof source?.value !== "string" || !source.value.startsWith(".")) return;
      const message = crossing(from, relative(ROOT, resolve(dirname(context.filename), source.value)));
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default defineConfig(
  { ignores: ["node_modules/", "web/dist/", "dist/", "data/", ".bench/", "coverage/", "test-results/", ".e2e-screenshots/"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: { allowDefaultProject: ["vitest.config.ts"] }, tsconfigRootDir: ROOT } },
    rules: {
      // An async function without await is how a handler or an interface method (Fastify hooks, close()) returns a promise:
      // a style, not a bug; the bug it hints at, a forgotten await, is no-floating-promises' to catch.
      "@typescript-eslint/require-await": "off",
      // A cast that changes nothing is noise, not a fault; removing the 48 there are would touch files other work is editing.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      // React ignores what an event handler returns; the web's async handlers (copy, faucet, search) catch their own failures
      // and the retry buttons call TanStack Query's refetch, which settles into the query's error state instead of rejecting.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // act() with a synchronous callback (advancing fake timers) has done its work when it returns; its thenable is not a task.
      "@typescript-eslint/no-floating-promises": ["error", { allowForKnownSafeCalls: [{ from: "package", name: "act", package: "react" }] }],
    },
  },
  {
    // Plain JavaScript (this file, the worker's tsx boot) is in no TypeScript project: linted without type information.
    files: ["**/*.{js,mjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Tests read JSON answers and SQL rows as `any` and check them value by value; typing each would be hundreds of edits
    // for no fault found. `expect(mock.method)` is the idiom unbound-method misreads, and a test server's async handler
    // that rejects fails the test loudly, which is what a test wants.
    files: ["**/*.test.{ts,tsx}", "test/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/unbound-method": "off",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  {
    // The devnet simulator decides by looking into JSON it is sent (RPC params, contract messages of any shape) and coerces
    // RPC params to text on purpose; typing every message it reads would re-declare the chain's (about 150 findings).
    // The benchmarks print figures from untyped SQL rows and JSON answers.
    files: ["devnet/**", "bench/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    // The protobuf codec and the message registry are reflective: a field's value type is known from its descriptor at run
    // time, and the registry holds codecs of every message type; their operations are arrow functions, never bound to `this`.
    files: ["chain/proto/codec.ts", "chain/messages.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    plugins: { layout: { rules: { rooms } } },
    rules: { "layout/rooms": "error" },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)shapes/",
              allowTypeImports: true,
              message: "web/ takes the shared shapes as types only (import type), so no schema reaches the bundle.",
            },
          ],
        },
      ],
    },
  },
);
