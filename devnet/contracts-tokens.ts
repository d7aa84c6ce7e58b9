// The CW-20 tokens the devnet's contract team issues: names, symbols, supply rules and marketing (one description full of XSS payloads).
import { MICRO } from "../core/amount.ts";

export interface TokenPlan {
  name: string;
  symbol: string;
  decimals: number;
  /** Index in the contract team of the account that instantiates it (its admin and, when it has one, its minter). */
  issuer: number;
  mint: "capped" | "uncapped" | "none";
  /** In base units; only for a capped mint. */
  cap?: bigint;
  /** Undefined: instantiated without marketing info (and so without a logo). */
  marketing?: { project: string; description: string };
}

/** Harmless formatting next to every payload the web app must neutralise. */
const XSS_DESCRIPTION =
  '<p>Welcome to the <b>Bazaar</b>, where <i>points</i> buy <a href="https://bazaar.example.org">real goods</a>.</p>' +
  "<img src=x onerror=alert(1)>" +
  "<script>alert(2)</script>" +
  '<a href="javascript:alert(3)">x</a>' +
  '<iframe src="https://evil.example.org/frame"></iframe>' +
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%;background:red">styled</p>';

export const TOKENS: readonly TokenPlan[] = [
  {
    name: "Axiome Gold",
    symbol: "AXMG",
    decimals: 6,
    issuer: 0,
    mint: "capped",
    cap: 10_000_000n * MICRO,
    marketing: {
      project: "https://gold.axiome.example.org",
      description:
        "<p><b>Axiome Gold</b> is the community token of the AXM devnet.</p>" +
        '<p>Holders vote on <i>grants</i> each month; read the <a href="https://gold.axiome.example.org/docs">docs</a>.</p>',
    },
  },
  {
    name: "Harbor Credits",
    symbol: "HRBC",
    decimals: 6,
    issuer: 1,
    mint: "uncapped",
    marketing: { project: "https://harbor-credits.example.org", description: "" },
  },
  {
    name: "Bazaar Points",
    symbol: "BZR",
    decimals: 3,
    issuer: 2,
    mint: "none",
    marketing: { project: "javascript:alert(4)", description: XSS_DESCRIPTION },
  },
  { name: "Nomad Token", symbol: "NMD", decimals: 9, issuer: 3, mint: "capped", cap: 21_000_000n * 10n ** 9n },
];

/** Where the node serves a token's logo (a path on its HTTP server, as profile avatars are). */
export const tokenLogoPath = (symbol: string) => `/token-logos/${symbol}.svg`;
