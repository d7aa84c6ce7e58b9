// Tests of the message registry: every type round-trips to the node's REST JSON shape, oddities never throw.
import { describe, expect, it } from "vitest";
import { toBech32, toBase64, toUtf8 } from "@cosmjs/encoding";
import { BinaryWriter } from "cosmjs-types/binary";
import { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { decodeMessage, encodeMessage, isKnownType, MESSAGE_TYPE_URLS } from "./messages.ts";
import { messageLabel } from "../core/format.ts";

const A = toBech32("axm", new Uint8Array(20).fill(1));
const B = toBech32("axm", new Uint8Array(20).fill(2));
const V = toBech32("axmvaloper", new Uint8Array(20).fill(3));
const V2 = toBech32("axmvaloper", new Uint8Array(20).fill(5));
const CONTRACT = toBech32("axm", new Uint8Array(32).fill(4));
const coin = { denom: "uaxm", amount: "1000000" };
const pubkeyBytes = new Uint8Array(32).fill(7);
const ed25519Any = encodeMessage("/cosmos.crypto.ed25519.PubKey", { key: pubkeyBytes });
const sendAny = encodeMessage("/cosmos.bank.v1beta1.MsgSend", { fromAddress: A, toAddress: B, amount: [coin] });
const sendJson = { "@type": "/cosmos.bank.v1beta1.MsgSend", from_address: A, to_address: B, amount: [coin] };
const contractMsg = { transfer: { recipient: B, amount: "5" } };

interface Sample {
  value: object;
  /** Expected REST JSON (without "@type"); by default the value with snake_case keys. */
  json?: Record<string, unknown>;
}

/** One sample per message, keyed by label: /cosmos.* and /axiome.* twins share it unless one is keyed by its type URL. */
const samples: Record<string, Sample> = {
  MsgSend: { value: { fromAddress: A, toAddress: B, amount: [coin] } },
  MsgMultiSend: { value: { inputs: [{ address: A, coins: [coin] }], outputs: [{ address: B, coins: [coin] }] } },
  MsgDelegate: { value: { delegatorAddress: A, validatorAddress: V, amount: coin } },
  MsgUndelegate: { value: { delegatorAddress: A, validatorAddress: V, amount: coin } },
  MsgBeginRedelegate: {
    value: { delegatorAddress: A, validatorSrcAddress: V, validatorDstAddress: V2, amount: coin },
  },
  MsgCancelUnbondingDelegation: {
    value: { delegatorAddress: A, validatorAddress: V, amount: coin, creationHeight: 42n },
    json: { delegator_address: A, validator_address: V, amount: coin, creation_height: "42" },
  },
  MsgCreateValidator: {
    value: { description: { moniker: "alpha" }, delegatorAddress: A, validatorAddress: V, pubkey: ed25519Any, value: coin },
    json: {
      description: { moniker: "alpha", identity: "", website: "", security_contact: "", details: "" },
      delegator_address: A,
      validator_address: V,
      pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: toBase64(pubkeyBytes) },
      value: coin,
    },
  },
  MsgEditValidator: { value: { description: { moniker: "beta" }, validatorAddress: V, commissionRate: "110000000000000000" } },
  MsgRequestStakeMove: { value: { delegatorAddress: A, validatorAddress: V, dstDelegatorAddress: B } },
  MsgConfirmRequestStakeMove: { value: { authority: A, delegatorAddress: B, validatorAddress: V, dstDelegatorAddress: A } },
  MsgCancelRequestStakeMove: { value: { authority: A, delegatorAddress: B, validatorAddress: V, dstDelegatorAddress: A } },
  MsgWithdrawDelegatorReward: { value: { delegatorAddress: A, validatorAddress: V } },
  MsgWithdrawValidatorCommission: { value: { validatorAddress: V } },
  MsgSetWithdrawAddress: { value: { delegatorAddress: A, withdrawAddress: B } },
  MsgFundCommunityPool: { value: { amount: [coin], depositor: A } },
  MsgDepositValidatorRewardsPool: { value: { depositor: A, validatorAddress: V, amount: [coin] } },
  MsgUnjail: { value: { validatorAddr: V } },
  MsgRegisterReferral: { value: { referralAddress: A, referrerAddress: B } },
  MsgBurnPartnerFee: { value: { fromAddress: A, amount: [{ denom: "uaxm", amount: "50000000" }] } },
  "/axiome.referral.v1beta1.MsgUpdateParams": {
    value: { authority: A, params: { delegatingAward: { network: ["5%", "7/1000"] }, statusDowngradePeriod: 604800, uretMode: true } },
    json: { authority: A, params: { delegating_award: { network: ["5%", "7/1000"] }, status_downgrade_period: 604800, uret_mode: true } },
  },
  "/axiome.vote.v1beta1.MsgUpdateParams": {
    value: { authority: A, params: { votePeriod: 10080, pollPeriod: 3 } },
    json: { authority: A, params: { vote_period: 10080, poll_period: 3 } },
  },
  MsgPropose: { value: { messages: [sendAny], author: A, name: "raise" }, json: { messages: [sendJson], author: A, name: "raise" } },
  MsgVote: { value: { voter: A, agree: true } },
  MsgStartPoll: {
    value: { poll: { name: "p", author: A, question: "yes?", quorum: "1/2", minStatus: 3 }, author: A },
    json: { poll: { name: "p", author: A, question: "yes?", quorum: "1/2", min_status: "STATUS_LEADER" }, author: A },
  },
  MsgAnswerPoll: { value: { respondent: A, yes: true } },
  MsgAddGovernor: { value: { authority: A, governor: B } },
  MsgRemoveGovernor: { value: { authority: A, governor: B } },
  MsgStoreCode: {
    value: { sender: A, wasmByteCode: new Uint8Array([0, 97, 115, 109]) },
    json: { sender: A, wasm_byte_code: toBase64(new Uint8Array([0, 97, 115, 109])) },
  },
  MsgInstantiateContract: {
    value: { sender: A, admin: B, codeId: 7n, label: "cw20", msg: toUtf8(JSON.stringify(contractMsg)), funds: [coin] },
    json: { sender: A, admin: B, code_id: "7", label: "cw20", msg: contractMsg, funds: [coin] },
  },
  MsgInstantiateContract2: {
    value: { sender: A, admin: "", codeId: 7n, label: "x", msg: toUtf8("{}"), funds: [], salt: new Uint8Array([1]), fixMsg: false },
    json: { sender: A, code_id: "7", label: "x", msg: {}, funds: [], salt: "AQ==", fix_msg: false },
  },
  MsgExecuteContract: {
    value: { sender: A, contract: CONTRACT, msg: toUtf8(JSON.stringify(contractMsg)), funds: [] },
    json: { sender: A, contract: CONTRACT, msg: contractMsg, funds: [] },
  },
  MsgMigrateContract: {
    value: { sender: A, contract: CONTRACT, codeId: 8n, msg: toUtf8('{"migrate":{}}') },
    json: { sender: A, contract: CONTRACT, code_id: "8", msg: { migrate: {} } },
  },
  MsgUpdateAdmin: { value: { sender: A, newAdmin: B, contract: CONTRACT } },
  MsgClearAdmin: { value: { sender: A, contract: CONTRACT } },
  MsgExec: { value: { grantee: B, msgs: [sendAny] }, json: { grantee: B, msgs: [sendJson] } },
  MsgGrant: {
    value: {
      granter: A,
      grantee: B,
      grant: {
        authorization: encodeMessage("/cosmos.bank.v1beta1.SendAuthorization", { spendLimit: [coin], allowList: [] }),
        expiration: { seconds: 1767225600n, nanos: 0 },
      },
    },
    json: {
      granter: A,
      grantee: B,
      grant: {
        authorization: { "@type": "/cosmos.bank.v1beta1.SendAuthorization", spend_limit: [coin], allow_list: [] },
        expiration: "2026-01-01T00:00:00.000Z",
      },
    },
  },
  MsgRevoke: { value: { granter: A, grantee: B, msgTypeUrl: "/cosmos.bank.v1beta1.MsgSend" } },
  MsgGrantAllowance: {
    value: {
      granter: A,
      grantee: B,
      allowance: encodeMessage("/cosmos.feegrant.v1beta1.BasicAllowance", { spendLimit: [coin] }),
    },
    json: {
      granter: A,
      grantee: B,
      allowance: { "@type": "/cosmos.feegrant.v1beta1.BasicAllowance", spend_limit: [coin] },
    },
  },
  MsgRevokeAllowance: { value: { granter: A, grantee: B } },
};

function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(field)]));
}

describe("message registry", () => {
  it("covers every type URL of CHAIN.md, under both prefixes where the SDK has the message", () => {
    const expected = [
      "/cosmos.bank.v1beta1.MsgSend",
      "/cosmos.bank.v1beta1.MsgMultiSend",
      ...["MsgDelegate", "MsgUndelegate", "MsgBeginRedelegate", "MsgCancelUnbondingDelegation", "MsgCreateValidator", "MsgEditValidator"].flatMap((m) => [
        `/axiome.staking.v1beta1.${m}`,
        `/cosmos.staking.v1beta1.${m}`,
      ]),
      "/axiome.staking.v1beta1.MsgRequestStakeMove",
      "/axiome.staking.v1beta1.MsgConfirmRequestStakeMove",
      "/axiome.staking.v1beta1.MsgCancelRequestStakeMove",
      ...[
        "MsgWithdrawDelegatorReward",
        "MsgWithdrawValidatorCommission",
        "MsgSetWithdrawAddress",
        "MsgFundCommunityPool",
        "MsgDepositValidatorRewardsPool",
      ].flatMap((m) => [`/axiome.distribution.v1beta1.${m}`, `/cosmos.distribution.v1beta1.${m}`]),
      "/axiome.slashing.v1beta1.MsgUnjail",
      "/cosmos.slashing.v1beta1.MsgUnjail",
      ...["MsgRegisterReferral", "MsgBurnPartnerFee", "MsgUpdateParams"].map((m) => `/axiome.referral.v1beta1.${m}`),
      ...["MsgPropose", "MsgVote", "MsgStartPoll", "MsgAnswerPoll", "MsgAddGovernor", "MsgRemoveGovernor"].map((m) => `/axiome.vote.v1beta1.${m}`),
      ...[
        "MsgStoreCode",
        "MsgInstantiateContract",
        "MsgInstantiateContract2",
        "MsgExecuteContract",
        "MsgMigrateContract",
        "MsgUpdateAdmin",
        "MsgClearAdmin",
      ].map((m) => `/cosmwasm.wasm.v1.${m}`),
      ...["MsgExec", "MsgGrant", "MsgRevoke"].map((m) => `/cosmos.authz.v1beta1.${m}`),
      "/cosmos.feegrant.v1beta1.MsgGrantAllowance",
      "/cosmos.feegrant.v1beta1.MsgRevokeAllowance",
    ];
    for (const typeUrl of expected) expect(MESSAGE_TYPE_URLS, typeUrl).toContain(typeUrl);
  });

  // The SDK's MsgCreateValidator carries commission fields the chain's own does not: tested apart.
  const roundTripped = MESSAGE_TYPE_URLS.filter((url) => url !== "/cosmos.staking.v1beta1.MsgCreateValidator");

  it.each(roundTripped)("round-trips %s to REST JSON", (typeUrl) => {
    const sample = samples[typeUrl] ?? samples[messageLabel(typeUrl)];
    expect(sample, `no sample for ${typeUrl}`).toBeDefined();
    const any = encodeMessage(typeUrl, sample.value);
    expect(any.typeUrl).toBe(typeUrl);
    const decoded = decodeMessage(typeUrl, any.value);
    expect(decoded.known).toBe(true);
    expect(Object.keys(decoded.json)[0]).toBe("@type");
    expect(decoded.json).toMatchObject({ "@type": typeUrl, ...(sample.json ?? (snakeKeys(sample.value) as object)) });
    expect(JSON.stringify(decoded.json)).not.toMatch(/"[a-z]+[A-Z]\w*":/);
  });

  it("decodes the SDK's MsgCreateValidator with its commission and pubkey", () => {
    const value = {
      description: { moniker: "sdk" },
      commission: { rate: "100000000000000000", maxRate: "200000000000000000", maxChangeRate: "10000000000000000" },
      minSelfDelegation: "1",
      delegatorAddress: A,
      validatorAddress: V,
      pubkey: ed25519Any,
      value: coin,
    };
    const decoded = decodeMessage("/cosmos.staking.v1beta1.MsgCreateValidator", encodeMessage("/cosmos.staking.v1beta1.MsgCreateValidator", value).value);
    expect(decoded.json).toMatchObject({
      commission: { rate: "100000000000000000", max_rate: "200000000000000000", max_change_rate: "10000000000000000" },
      min_self_delegation: "1",
      pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: toBase64(pubkeyBytes) },
    });
  });

  it("reads the chain's field numbers from bytes written by hand", () => {
    const confirm = new BinaryWriter();
    confirm.uint32(10).string(A).uint32(18).string(B).uint32(26).string(V).uint32(34).string(A);
    expect(decodeMessage("/axiome.staking.v1beta1.MsgConfirmRequestStakeMove", confirm.finish()).json).toEqual({
      "@type": "/axiome.staking.v1beta1.MsgConfirmRequestStakeMove",
      authority: A,
      delegator_address: B,
      validator_address: V,
      dst_delegator_address: A,
    });
    const vote = new BinaryWriter();
    vote.uint32(10).string(A).uint32(16).bool(true);
    expect(decodeMessage("/axiome.vote.v1beta1.MsgVote", vote.finish()).json).toEqual({
      "@type": "/axiome.vote.v1beta1.MsgVote",
      voter: A,
      agree: true,
    });
    const create = new BinaryWriter();
    create.uint32(34).string(A).uint32(42).string(V);
    Coin.encode(coin, create.uint32(58).fork()).ldelim();
    expect(decodeMessage("/axiome.staking.v1beta1.MsgCreateValidator", create.finish()).json).toEqual({
      "@type": "/axiome.staking.v1beta1.MsgCreateValidator",
      delegator_address: A,
      validator_address: V,
      value: coin,
    });
  });

  it("reads the vote module's polls and proposals from bytes written by hand (proto/axiome/vote/v1beta1)", () => {
    // types.proto Poll: 1 name, 2 author, 3 question, 6 quorum (util.Fraction text), 7 can_validate (Unit) | 8 min_status.
    const poll = new BinaryWriter();
    poll.uint32(10).string("p").uint32(18).string(A).uint32(26).string("q?").uint32(50).string("2/3").uint32(58).fork().ldelim();
    const start = new BinaryWriter();
    start.uint32(10).bytes(poll.finish()).uint32(18).string(A);
    expect(decodeMessage("/axiome.vote.v1beta1.MsgStartPoll", start.finish()).json).toEqual({
      "@type": "/axiome.vote.v1beta1.MsgStartPoll",
      poll: { name: "p", author: A, question: "q?", quorum: "2/3", can_validate: {} },
      author: A,
    });
    // tx.proto MsgPropose: 1 messages (Any), 2 author, 3 name; a message of a type the explorer does not know stays raw.
    const add = encodeMessage("/axiome.vote.v1beta1.MsgAddGovernor", { authority: B, governor: A });
    const propose = encodeMessage("/axiome.vote.v1beta1.MsgPropose", {
      messages: [add, { typeUrl: "/other.chain.MsgThing", value: new Uint8Array([1, 2, 3]) }],
      author: A,
      name: "add A",
    });
    const decoded = decodeMessage(propose.typeUrl, propose.value);
    expect(decoded.json.messages).toEqual([
      { "@type": "/axiome.vote.v1beta1.MsgAddGovernor", authority: B, governor: A },
      { "@type": "/other.chain.MsgThing", value: "AQID" },
    ]);
    expect(decoded.addresses).toEqual([B, A]);
  });

  it("encodes MsgBurnPartnerFee's amount as field 3", () => {
    const bytes = encodeMessage("/axiome.referral.v1beta1.MsgBurnPartnerFee", { fromAddress: A, amount: [coin] }).value;
    const amountTag = bytes[2 + A.length];
    expect(amountTag).toBe((3 << 3) | 2);
  });

  it("decodes MsgExec nested messages recursively and collects their addresses", () => {
    const execute = encodeMessage("/cosmwasm.wasm.v1.MsgExecuteContract", samples.MsgExecuteContract.value);
    const delegate = encodeMessage("/axiome.staking.v1beta1.MsgDelegate", { delegatorAddress: A, validatorAddress: V, amount: coin });
    const exec = encodeMessage("/cosmos.authz.v1beta1.MsgExec", { grantee: B, msgs: [execute, delegate] });
    const decoded = decodeMessage(exec.typeUrl, exec.value);
    expect(decoded.json).toEqual({
      "@type": "/cosmos.authz.v1beta1.MsgExec",
      grantee: B,
      msgs: [
        { "@type": "/cosmwasm.wasm.v1.MsgExecuteContract", sender: A, contract: CONTRACT, msg: contractMsg, funds: [] },
        { "@type": "/axiome.staking.v1beta1.MsgDelegate", delegator_address: A, validator_address: V, amount: coin },
      ],
    });
    expect(decoded.addresses).toEqual([B, A, CONTRACT, V]);
  });

  it("shows an unknown nested message raw, inside a known one", () => {
    const exec = encodeMessage("/cosmos.authz.v1beta1.MsgExec", {
      grantee: B,
      msgs: [{ typeUrl: "/other.chain.MsgThing", value: new Uint8Array([1, 2, 3]) }],
    });
    const decoded = decodeMessage(exec.typeUrl, exec.value);
    expect(decoded.known).toBe(true);
    expect(decoded.json.msgs).toEqual([{ "@type": "/other.chain.MsgThing", value: "AQID" }]);
  });

  it("keeps a contract msg that is not JSON as base64", () => {
    const any = encodeMessage("/cosmwasm.wasm.v1.MsgExecuteContract", { sender: A, contract: CONTRACT, msg: new Uint8Array([0xff, 0x00]) });
    expect(decodeMessage(any.typeUrl, any.value).json.msg).toBe("/wA=");
  });

  it("dedupes addresses, keeps their order, and ignores other prefixes and bad checksums", () => {
    const cosmos = toBech32("cosmos", new Uint8Array(20).fill(1));
    const badChecksum = `${A.slice(0, -1)}${A.endsWith("q") ? "p" : "q"}`;
    const any = encodeMessage("/cosmos.bank.v1beta1.MsgMultiSend", {
      inputs: [{ address: B, coins: [coin] }],
      outputs: [
        { address: A, coins: [coin] },
        { address: B, coins: [coin] },
        { address: cosmos, coins: [coin] },
        { address: badChecksum, coins: [coin] },
      ],
    });
    expect(decodeMessage(any.typeUrl, any.value).addresses).toEqual([B, A]);
  });

  it("returns an unknown type raw, never throwing", () => {
    const decoded = decodeMessage("/celestia.blob.v1.MsgPayForBlobs", new Uint8Array([10, 1, 65]));
    expect(decoded).toEqual({
      typeUrl: "/celestia.blob.v1.MsgPayForBlobs",
      json: { "@type": "/celestia.blob.v1.MsgPayForBlobs", value: "CgFB" },
      addresses: [],
      known: false,
    });
  });

  it("returns malformed bytes of a known type raw, never throwing", () => {
    const truncated = encodeMessage("/cosmos.bank.v1beta1.MsgSend", samples.MsgSend.value).value.slice(0, 10);
    const decoded = decodeMessage("/cosmos.bank.v1beta1.MsgSend", truncated);
    expect(decoded.known).toBe(false);
    expect(decoded.json).toEqual({ "@type": "/cosmos.bank.v1beta1.MsgSend", value: toBase64(truncated) });
  });

  it("refuses to encode an unknown type", () => {
    expect(() => encodeMessage("/nope.MsgNope", {})).toThrow(/unknown message type/);
    expect(isKnownType("/nope.MsgNope")).toBe(false);
  });

  it("labels a type by its last segment", () => {
    expect(messageLabel("/cosmos.bank.v1beta1.MsgSend")).toBe("MsgSend");
    expect(messageLabel("/axiome.referral.v1beta1.MsgRegisterReferral")).toBe("MsgRegisterReferral");
    expect(messageLabel("MsgBare")).toBe("MsgBare");
  });
});
