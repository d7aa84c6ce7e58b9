// Index rows of contracts, codes, tokens and holders in the JSON shapes of API.md's "Contracts, codes, tokens".
import { parseWebUrl } from "../core/format.ts";
import type * as q from "../db/queries/contracts.ts";
import { imageUrl } from "./format.ts";
import type { TokenPrices } from "./token-prices.ts";

export function formatContract(row: q.ContractRow) {
  return {
    label: row.label,
    address: row.address,
    creator: row.creator,
    code: Number(row.code_id),
    initialBlock: Number(row.height),
    executes: Number(row.executes),
  };
}

export function formatCode(row: q.CodeRow) {
  return {
    id: Number(row.id),
    verified: row.verified,
    checksum: row.checksum,
    creator: row.creator,
    permission: row.permission,
    permissionAddresses: row.permission_addresses,
    contractsCount: row.contracts_count,
  };
}

/** A token's logo address: a relative path (the devnet's) is read from IMAGE_BASE_URL, like avatars; http(s) only. */
export function logoUrl(imageBase: string, logo: q.TokenRow["logo"]): string | null {
  return logo !== null && typeof logo === "object" ? imageUrl(imageBase, logo.url) : null;
}

const PLATFORMS: [RegExp, string][] = [
  [/(^|\.)(t\.me|telegram\.me|telegram\.org)$/, "telegram"],
  [/(^|\.)(twitter\.com|x\.com)$/, "twitter"],
  [/(^|\.)(discord\.gg|discord\.com)$/, "discord"],
  [/(^|\.)github\.com$/, "github"],
  [/(^|\.)medium\.com$/, "medium"],
];

/** The project's address (cw20 marketing `project`) as a social link, named after its host; links other than http(s) are not handed out. */
function projectLinks(project: string | null): { title: string; url: string; platform: string }[] {
  if (project === null) return [];
  const url = parseWebUrl(project);
  if (!url) return [];
  const host = url.hostname.toLowerCase();
  return [{ title: host, url: project, platform: PLATFORMS.find(([pattern]) => pattern.test(host))?.[1] ?? "website" }];
}

export function formatToken(t: q.TokenDetailRow, prices: TokenPrices, imageBase: string) {
  return {
    data: {
      name: t.name,
      symbol: t.symbol,
      logo: logoUrl(imageBase, t.logo),
      decimals: t.decimals,
      marketing: { project: t.project, description: t.description, marketing: t.marketing, logo: t.logo },
    },
    details: { creator: t.creator, mint_authority: t.minter, marketing_authority: t.marketing, update_authority: t.admin || null },
    statistics: {
      priceInUsd: prices.priceInUsd(t.contract),
      priceInAxm: prices.priceInAxm(t.contract),
      holders: t.holders,
      marketCapitalization: prices.valueInUsd(t.contract, BigInt(t.total_supply), t.decimals),
      maxSupply: t.cap,
      currentSupply: t.total_supply,
    },
    links: projectLinks(t.project),
    about: t.description?.trim() ? t.description : null,
  };
}

export function formatHolder(t: q.TokenRow, row: q.HolderRow, prices: TokenPrices) {
  const quantity = BigInt(row.balance);
  return {
    address: row.holder,
    quantity: row.balance,
    value: prices.valueInUsd(t.contract, quantity, t.decimals),
    valueInAxm: prices.valueInUaxm(t.contract, quantity, t.decimals),
    percentage: percentage(quantity, BigInt(t.total_supply)),
  };
}

/** Share of the supply in percent, to 6 decimals. */
function percentage(balance: bigint, supply: bigint): number {
  return supply > 0n ? Number((balance * 100_000_000n) / supply) / 1_000_000 : 0;
}
