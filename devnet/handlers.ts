// Message handlers: what each supported message does to the state, and who must sign it.
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { MsgExecResponse } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import type { ChainState } from "./state.ts";
import type { EventSink } from "./events.ts";
import { TxFailure, insufficientFunds } from "./errors.ts";
import { send, multiSend } from "./bank.ts";
import { delegate, undelegate, redelegate, createValidator, editValidator, operatorAccount } from "./staking.ts";
import { requestStakeMove, confirmStakeMove, cancelStakeMove } from "./stake-move.ts";
import { withdrawRewards } from "./distribution.ts";
import { registerReferral, burnPartnerFee, updateReferralParams } from "./referral.ts";
import { addGovernor, answerPollMessage, castVote, propose, removeGovernor, startPoll, updateVoteParams } from "./vote.ts";
import { grant, exec } from "./authz.ts";
import { unjail } from "./slashing.ts";
import { WASM_TYPE_URLS, wasmHandlers } from "./wasm.ts";

/** A message with camelCase fields, as cosmjs-types and chain/messages.ts take them. */
export interface TxMessage {
  typeUrl: string;
  value: Record<string, any>;
}

interface Coin {
  denom: string;
  amount: string;
}

export interface HandlerContext {
  state: ChainState;
  sink: EventSink;
}

export interface Handler {
  signer(value: TxMessage["value"]): string;
  /** The message's response (protobuf), when it has fields (the wasm module's). */
  run(ctx: HandlerContext, value: TxMessage["value"]): Uint8Array | void;
  /** Rough gas the SDK would charge, for gas_used and simulation. */
  gas(value: TxMessage["value"]): number;
}

/** The uaxm amount of a coin list; the devnet's wallets hold no other denom (uret aside), so any other is unaffordable. */
function uaxm(list: Coin | Coin[] | undefined): bigint {
  let total = 0n;
  for (const coin of Array.isArray(list) ? list : list ? [list] : []) {
    if (coin.denom !== "uaxm" && BigInt(coin.amount) > 0n) throw insufficientFunds(0n, BigInt(coin.amount), coin.denom);
    total += BigInt(coin.amount);
  }
  return total;
}

const ED25519_PUBKEY = "/cosmos.crypto.ed25519.PubKey";

/** A MsgCreateValidator pubkey, as the workload builds it (an Any) or as chain/messages.ts decodes it ({key}). */
function consensusPubkey(pubkey: { typeUrl?: string; value?: Uint8Array; key?: string } | undefined): Uint8Array {
  if (pubkey?.typeUrl === ED25519_PUBKEY && pubkey.value) return Ed25519PubKey.decode(pubkey.value).key;
  if (typeof pubkey?.key === "string" && pubkey.key.length === 44) return Buffer.from(pubkey.key, "base64");
  throw new TxFailure("staking", 6, "validator pubkey type is not supported");
}

/** MsgBurnPartnerFee takes any positive coins (sdkerrors.ErrInvalidCoins otherwise). */
function positiveCoins(list: Coin[] | undefined): bigint {
  const amount = uaxm(list);
  if (amount <= 0n) throw new TxFailure("sdk", 10, `${(list ?? []).map((c) => `${c.amount}${c.denom}`).join(",")}: invalid coins`);
  return amount;
}

const HANDLERS: Record<string, Handler> = {
  MsgSend: {
    signer: (v) => v.fromAddress,
    run: ({ state, sink }, v) => send(state, sink, v.fromAddress, v.toAddress, uaxm(v.amount)),
    gas: () => 28_000,
  },
  MsgMultiSend: {
    signer: (v) => v.inputs?.[0]?.address ?? "",
    run: ({ state, sink }, v) => {
      if (v.inputs.length !== 1) throw new TxFailure("bank", 11, "multiple senders not allowed");
      const outputs = v.outputs.map((o: { address: string; coins: Coin[] }) => ({ address: o.address, amount: uaxm(o.coins) }));
      multiSend(state, sink, v.inputs[0].address, outputs);
    },
    gas: (v) => 20_000 + 13_000 * (v.outputs?.length ?? 0),
  },
  MsgDelegate: {
    signer: (v) => v.delegatorAddress,
    run: ({ state, sink }, v) => delegate(state, sink, v.delegatorAddress, v.validatorAddress, uaxm(v.amount)),
    gas: () => 130_000,
  },
  MsgUndelegate: {
    signer: (v) => v.delegatorAddress,
    run: ({ state, sink }, v) => undelegate(state, sink, v.delegatorAddress, v.validatorAddress, uaxm(v.amount)),
    gas: () => 112_000,
  },
  MsgBeginRedelegate: {
    signer: (v) => v.delegatorAddress,
    run: ({ state, sink }, v) => redelegate(state, sink, v.delegatorAddress, v.validatorSrcAddress, v.validatorDstAddress, uaxm(v.amount)),
    gas: () => 141_000,
  },
  MsgRequestStakeMove: {
    signer: (v) => v.delegatorAddress,
    run: ({ state, sink }, v) => requestStakeMove(state, sink, v as never),
    gas: () => 35_000,
  },
  MsgConfirmRequestStakeMove: {
    signer: (v) => v.authority,
    run: ({ state, sink }, v) => confirmStakeMove(state, sink, v.authority, v as never),
    gas: () => 150_000,
  },
  MsgCancelRequestStakeMove: {
    signer: (v) => v.authority,
    run: ({ state, sink }, v) => cancelStakeMove(state, sink, v.authority, v as never),
    gas: () => 30_000,
  },
  MsgWithdrawDelegatorReward: {
    signer: (v) => v.delegatorAddress,
    run: ({ state, sink }, v) => withdrawRewards(state, sink, v.delegatorAddress, v.validatorAddress),
    gas: () => 64_000,
  },
  MsgCreateValidator: {
    signer: (v) => operatorAccount(v.validatorAddress),
    run: ({ state, sink }, v) => createValidator(state, sink, v.validatorAddress, v.description, consensusPubkey(v.pubkey), uaxm(v.value)),
    gas: () => 210_000,
  },
  MsgEditValidator: {
    signer: (v) => operatorAccount(v.validatorAddress),
    run: ({ state, sink }, v) => editValidator(state, sink, v.validatorAddress, v.description),
    gas: () => 48_000,
  },
  MsgUnjail: {
    signer: (v) => operatorAccount(v.validatorAddr),
    run: ({ state }, v) => unjail(state, v.validatorAddr),
    gas: () => 83_000,
  },
  MsgRegisterReferral: {
    signer: (v) => v.referralAddress,
    run: ({ state, sink }, v) => registerReferral(state, sink, v.referralAddress, v.referrerAddress),
    gas: () => 60_000,
  },
  MsgBurnPartnerFee: {
    signer: (v) => v.fromAddress,
    run: ({ state, sink }, v) => burnPartnerFee(state, sink, v.fromAddress, positiveCoins(v.amount)),
    gas: () => 22_000,
  },
  MsgGrant: {
    signer: (v) => v.granter,
    run: ({ state, sink }, v) => grant(state, sink, v as never, (typeUrl) => SUPPORTED_TYPE_URLS.has(typeUrl)),
    gas: () => 25_000,
  },
  MsgExec: {
    signer: (v) => v.grantee,
    run: ({ state, sink }, v) => {
      const msgs = (v.msgs as TxMessage[]).map((m) => ({ ...m, signer: handlerFor(m.typeUrl).signer(m.value) }));
      const results = exec(state, sink, v.grantee, msgs, (m, inner) => handlerFor(m.typeUrl).run({ state, sink: inner }, m.value) ?? new Uint8Array());
      return MsgExecResponse.encode({ results }).finish();
    },
    gas: (v) => 12_000 + (v.msgs as TxMessage[]).reduce((sum, m) => sum + handlerFor(m.typeUrl).gas(m.value), 0),
  },
  MsgPropose: {
    signer: (v) => v.author,
    run: ({ state, sink }, v) => propose(state, sink, v as never),
    gas: (v) => 45_000 + 15_000 * (v.messages as TxMessage[]).length,
  },
  MsgVote: {
    signer: (v) => v.voter,
    run: ({ state, sink }, v) => castVote(state, sink, v.voter, v.agree === true),
    gas: () => 38_000,
  },
  MsgStartPoll: {
    signer: (v) => v.author,
    run: ({ state, sink }, v) => {
      const { name, author, question, quorum, canValidate, minStatus } = v.poll ?? {};
      startPoll(state, sink, {
        name: name ?? "",
        author: author ?? "",
        question: question ?? "",
        quorum: quorum ?? "",
        canValidate: canValidate === true,
        minStatus,
      });
    },
    gas: () => 30_000,
  },
  MsgAnswerPoll: {
    signer: (v) => v.respondent,
    run: ({ state, sink }, v) => answerPollMessage(state, sink, v.respondent, v.yes === true),
    gas: () => 32_000,
  },
  MsgAddGovernor: {
    signer: (v) => v.authority,
    run: ({ state }, v) => addGovernor(state, v.authority, v.governor),
    gas: () => 12_000,
  },
  MsgRemoveGovernor: {
    signer: (v) => v.authority,
    run: ({ state }, v) => removeGovernor(state, v.authority, v.governor),
    gas: () => 12_000,
  },
  // Two modules' messages share the label MsgUpdateParams: these two are found by their type URL.
  "/axiome.referral.v1beta1.MsgUpdateParams": {
    signer: (v) => v.authority,
    run: ({ state }, v) => updateReferralParams(state, v.authority, v.params ?? {}),
    gas: () => 15_000,
  },
  "/axiome.vote.v1beta1.MsgUpdateParams": {
    signer: (v) => v.authority,
    run: ({ state }, v) => updateVoteParams(state, v.authority, { votePeriod: v.params?.votePeriod ?? 0, pollPeriod: v.params?.pollPeriod ?? 0 }),
    gas: () => 12_000,
  },
  ...wasmHandlers(uaxm),
};

/** Type URLs the devnet executes: the chain's own staking, distribution and slashing packages (it has no cosmos.* ones), SDK bank and authz. */
export const SUPPORTED_TYPE_URLS = new Set([
  "/cosmos.bank.v1beta1.MsgSend",
  "/cosmos.bank.v1beta1.MsgMultiSend",
  ...["MsgDelegate", "MsgUndelegate", "MsgBeginRedelegate", "MsgCreateValidator", "MsgEditValidator"].map((m) => `/axiome.staking.v1beta1.${m}`),
  ...["MsgRequestStakeMove", "MsgConfirmRequestStakeMove", "MsgCancelRequestStakeMove"].map((m) => `/axiome.staking.v1beta1.${m}`),
  "/axiome.distribution.v1beta1.MsgWithdrawDelegatorReward",
  "/axiome.slashing.v1beta1.MsgUnjail",
  "/axiome.referral.v1beta1.MsgRegisterReferral",
  "/axiome.referral.v1beta1.MsgBurnPartnerFee",
  "/axiome.referral.v1beta1.MsgUpdateParams",
  ...["MsgPropose", "MsgVote", "MsgStartPoll", "MsgAnswerPoll", "MsgAddGovernor", "MsgRemoveGovernor", "MsgUpdateParams"].map(
    (m) => `/axiome.vote.v1beta1.${m}`,
  ),
  "/cosmos.authz.v1beta1.MsgGrant",
  "/cosmos.authz.v1beta1.MsgExec",
  ...WASM_TYPE_URLS,
]);

export function handlerFor(typeUrl: string): Handler {
  const handler = SUPPORTED_TYPE_URLS.has(typeUrl) ? (HANDLERS[typeUrl] ?? HANDLERS[typeUrl.slice(typeUrl.lastIndexOf(".") + 1)]) : undefined;
  if (!handler) throw new TxFailure("sdk", 6, `no message handler found for ${JSON.stringify(typeUrl)}: unknown request`);
  return handler;
}

/** The module name the SDK puts in the `message` event ("/axiome.staking.v1beta1.MsgDelegate" → "staking"). */
export function moduleOf(typeUrl: string): string {
  return typeUrl.split(".")[1] ?? "";
}
