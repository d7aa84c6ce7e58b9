// Database rows to the JSON shapes of API.md (field names of SPEC.md §3).
import { consensusHexToBech32, eventAddresses, valoperToAccount } from "../core/address.ts";
import { BASE_DENOM } from "../core/amount.ts";
import { DEFAULT_EMISSION_RATE } from "../core/format.ts";
import { decodeTxJson } from "../chain/tx.ts";
import type { BlockRow, CommitRow } from "../db/queries/blocks.ts";
import type { TxDetailRow, TxRow } from "../db/queries/transactions.ts";
import type { AddressEventRow } from "../db/queries/events.ts";
import type { ValidatorListRow } from "../db/queries/validators.ts";

export interface FormatContext {
  chainId: string;
  /** Template with `{identity}` for validator logos; empty for none. */
  logoUrlTemplate: string;
}

export function logoUrl(ctx: FormatContext, identity: string | null): string | null {
  return ctx.logoUrlTemplate && identity ? ctx.logoUrlTemplate.replaceAll("{identity}", encodeURIComponent(identity)) : null;
}

/** An image (avatar, exchange or token logo): a relative path is read from the configured base; http(s) only. */
export function imageUrl(base: string, path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return path.startsWith("/") ? `${base}${path}` : null;
}

// Bech32 encoding costs microseconds and a range of consensus entries repeats the same few hundred keys
// thousands of times: each key is encoded once (the map is emptied if a chain ever has very many).
const CONSENSUS_CACHE_MAX = 10_000;
const consensusBech32 = new Map<string, string>();

function consensus(hex: string): string {
  if (!hex) return "";
  let bech32 = consensusBech32.get(hex);
  if (bech32 === undefined) {
    if (consensusBech32.size >= CONSENSUS_CACHE_MAX) consensusBech32.clear();
    bech32 = consensusHexToBech32(hex);
    consensusBech32.set(hex, bech32);
  }
  return bech32;
}

export function formatBlock(ctx: FormatContext, row: BlockRow) {
  const consensusAddress = consensus(row.proposer);
  return {
    _id: row.height,
    hash: row.hash,
    chainId: row.chain_id,
    proposer: consensusAddress,
    consensusAddress,
    proposerValidator: row.validator_address
      ? { address: row.validator_address, name: row.validator_moniker ?? "", logoUrl: logoUrl(ctx, row.validator_identity) }
      : null,
    timestamp: row.time.toISOString(),
    txCnt: row.tx_count,
    evtCnt: row.event_count,
    er: row.emission_rate ?? DEFAULT_EMISSION_RATE,
  };
}

export function formatConsensus(row: CommitRow) {
  return { _id: row.height, proposer: row.proposer === null ? null : consensus(row.proposer), validators: row.signers.map(consensus) };
}

export function formatTx(ctx: FormatContext, row: TxRow) {
  return {
    _id: row.hash,
    blockId: row.height,
    index: row.idx,
    code: row.code,
    codespace: row.codespace,
    log: row.code === 0 ? "" : row.log,
    undecodable: row.undecodable,
    type: row.types,
    timestamp: row.time.toISOString(),
    gasUsed: String(row.gas_used),
    gasWanted: String(row.gas_wanted),
    fee: row.fee,
    chainId: ctx.chainId,
    memo: row.memo,
  };
}

export function formatTxDetail(ctx: FormatContext, row: TxDetailRow) {
  const timestamp = row.time.toISOString();
  return {
    ...formatTx(ctx, row),
    tx: row.raw !== null && row.decode_error === null ? decodeTxJson(Buffer.from(row.raw, "base64")) : { body: { messages: row.messages, memo: row.memo } },
    evts: row.events.map((event) => formatEvent(event, row.height, timestamp, row.hash)),
    ...(row.decode_error === null ? {} : { raw: row.raw ?? "", decodeError: row.decode_error }),
  };
}

type RawEvent = { type: string; attributes: { key: string; value: string }[] };

export function formatEvent(event: RawEvent, height: number, timestamp: string, txHash: string | null) {
  return { type: event.type, attributes: event.attributes, blockId: height, timestamp, txHash, related: eventAddresses(event) };
}

export function formatAddressEvent(row: AddressEventRow) {
  return formatEvent(row.event ?? { type: "", attributes: [] }, row.height, row.time.toISOString(), row.tx_hash);
}

export const BONDED = "BOND_STATUS_BONDED";

/** A decimal fraction ("0.050000000000000000") as a percent number (5); null when the chain has no such figure. */
const percent = (fraction: string | null) => (fraction === null ? null : Number((Number(fraction) * 100).toFixed(6)));

/** A validator; its voting power is its share of the coins of all bonded validators, in percent. */
export function formatValidator(ctx: FormatContext, row: ValidatorListRow, bondedTokens: bigint) {
  const bonded = row.status === BONDED;
  return {
    name: row.moniker,
    fullName: row.moniker,
    details: row.details,
    bech32Address: row.operator_address,
    address: valoperToAccount(row.operator_address),
    consensusAddress: row.consensus_address ? consensus(row.consensus_address) : "",
    logoUrl: logoUrl(ctx, row.identity),
    status: row.status,
    isActive: !row.jailed,
    delegationFee: percent(row.commission_rate),
    txFee: percent(row.tx_fee_rate),
    locked: row.tokens,
    votingPower: bonded && bondedTokens > 0n ? Number((BigInt(row.tokens) * 10n ** 8n) / bondedTokens) / 10 ** 6 : 0,
    okBlocksSinceStart: row.signed,
    blocksSinceStart: row.blocks,
    totalProposed: row.proposed,
    siteUrl: row.website,
    securityContact: row.security_contact,
  };
}

export function formatDelegation(row: { delegator: string; amount: string }) {
  return { address: row.delegator, amount: [{ denom: BASE_DENOM, amount: row.amount }] };
}
