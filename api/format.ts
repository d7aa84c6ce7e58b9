// Database rows to the JSON shapes of API.md (field names of SPEC.md §3).
import { consensusHexToBech32, eventAddresses } from "../core/address.ts";
import { DEFAULT_EMISSION_RATE } from "../core/format.ts";
import type { BlockRow, CommitRow } from "../db/queries/blocks.ts";
import type { TxDetailRow, TxRow } from "../db/queries/transactions.ts";
import type { AddressEventRow } from "../db/queries/events.ts";

export interface FormatContext {
  chainId: string;
  /** Template with `{identity}` for validator logos; empty for none. */
  logoUrlTemplate: string;
}

export function logoUrl(ctx: FormatContext, identity: string | null): string | null {
  return ctx.logoUrlTemplate && identity ? ctx.logoUrlTemplate.replaceAll("{identity}", encodeURIComponent(identity)) : null;
}

const consensus = (hex: string) => (hex ? consensusHexToBech32(hex) : "");

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
  return { _id: row.height, proposer: consensus(row.proposer), validators: row.signers.map(consensus) };
}

export function formatTx(ctx: FormatContext, row: TxRow) {
  return {
    _id: row.hash,
    blockId: row.height,
    index: row.idx,
    code: row.code,
    codespace: row.codespace,
    log: row.code === 0 ? "" : row.log,
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
    tx: { body: { messages: row.messages, memo: row.memo } },
    evts: row.events.map((event) => formatEvent(event, row.height, timestamp, row.hash)),
  };
}

type RawEvent = { type: string; attributes: { key: string; value: string }[] };

export function formatEvent(event: RawEvent, height: number, timestamp: string, txHash: string | null) {
  return { type: event.type, attributes: event.attributes, blockId: height, timestamp, txHash, related: eventAddresses(event) };
}

export function formatAddressEvent(row: AddressEventRow) {
  return formatEvent(row.event ?? { type: "", attributes: [] }, row.height, row.time.toISOString(), row.tx_hash);
}

