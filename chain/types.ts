// Normalised shapes of what a node returns: every node version is turned into these before use.

/** One event attribute as plain UTF-8 text (base64 and null values of old nodes already resolved). */
export interface EventAttribute {
  key: string;
  value: string;
}

/** An ABCI event; a missing type on the wire becomes "" (some dydx responses have none). */
export interface ChainEvent {
  type: string;
  attributes: EventAttribute[];
}

export interface CommitSignature {
  /** Upper-case hex consensus address of the validator. */
  validatorAddress: string;
  /** CometBFT BlockIDFlag: 1 absent, 2 commit, 3 nil. */
  flag: number;
}

/** `/block` result, normalised. */
export interface ChainBlock {
  height: number;
  /** Upper-case hex block hash. */
  hash: string;
  chainId: string;
  /** ISO 8601 UTC time with millisecond precision. */
  time: string;
  /** Upper-case hex consensus address of the proposer. */
  proposerAddress: string;
  /** Raw TxRaw bytes of each transaction, in block order. */
  txs: Uint8Array[];
  /** The commit for block `height - 1` carried in this block (null at height 1). */
  lastCommit: { height: number; signatures: CommitSignature[] } | null;
}

export interface TxResult {
  code: number;
  codespace: string;
  log: string;
  gasWanted: string;
  gasUsed: string;
  events: ChainEvent[];
}

/** `/block_results` result, normalised across 0.34, 0.37, 0.38 and 1.x. */
export interface ChainBlockResults {
  height: number;
  txsResults: TxResult[];
  /** begin_block_events + end_block_events (old nodes) or finalize_block_events (0.38+). */
  blockEvents: ChainEvent[];
  /** Power changes of ed25519 consensus keys (power 0 removes one); CometBFT applies them two heights later. */
  validatorUpdates: ValidatorUpdate[];
}

export interface ValidatorUpdate {
  /** Upper-case hex consensus address. */
  address: string;
  power: string;
}

export interface Coin {
  denom: string;
  amount: string;
}

/** A message decoded to the node's REST JSON shape: `@type` first, proto field names (snake_case). */
export interface DecodedMessage {
  typeUrl: string;
  json: Record<string, unknown>;
  /** Every bech32 address found in the message's fields (nested ones included), deduplicated. */
  addresses: string[];
  /** False when the type URL is unknown and `json` only carries the raw value (base64). */
  known: boolean;
}

/** A TxRaw decoded. Undecodable bytes give `ok: false` with the hash still computed. */
export interface DecodedTx {
  /** Upper-case hex SHA-256 of the TxRaw bytes. */
  hash: string;
  ok: boolean;
  memo: string;
  messages: DecodedMessage[];
  fee: Coin[];
  gasLimit: string;
  /** bech32 (account prefix) addresses of the signers, from the signer infos' public keys. */
  signers: string[];
  /** Why decoding failed, when `ok` is false. */
  error?: string;
}

/** A whole transaction in the node's REST JSON (cosmos.tx.v1beta1.Tx): body, auth info and signatures. */
export interface TxJson {
  body: {
    messages: Record<string, unknown>[];
    memo: string;
    timeout_height: string;
    extension_options: Record<string, unknown>[];
    non_critical_extension_options: Record<string, unknown>[];
  };
  /** signer_infos (public_key, mode_info, sequence), fee (amount, gas_limit, payer, granter) and a tip when there is one. */
  auth_info: Record<string, unknown>;
  /** Base64, one per signer info. */
  signatures: string[];
}

/** `/status` result, normalised. */
export interface ChainStatus {
  chainId: string;
  latestHeight: number;
  latestTime: string;
  earliestHeight: number;
  catchingUp: boolean;
}

/** One entry of `/validators`. */
export interface ChainValidatorPower {
  /** Upper-case hex consensus address. */
  address: string;
  /** base64 ed25519 public key. */
  pubKey: string;
  votingPower: string;
}
