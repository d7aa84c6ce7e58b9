// Transaction failures with the codes, codespaces and log texts a Cosmos SDK 0.50 node reports.

export class TxFailure extends Error {
  readonly code: number;
  readonly codespace: string;

  constructor(codespace: string, code: number, log: string) {
    super(log);
    this.code = code;
    this.codespace = codespace;
  }
}

export function insufficientFunds(spendable: bigint, needed: bigint, denom = "uaxm"): TxFailure {
  return new TxFailure("sdk", 5, `spendable balance ${spendable}${denom} is smaller than ${needed}${denom}: insufficient funds`);
}

export function sequenceMismatch(expected: number, got: number): TxFailure {
  return new TxFailure("sdk", 32, `account sequence mismatch, expected ${expected}, got ${got}: incorrect account sequence`);
}

export function unauthorized(detail: string): TxFailure {
  return new TxFailure("sdk", 4, `${detail}: unauthorized`);
}

export function invalidRequest(detail: string): TxFailure {
  return new TxFailure("sdk", 18, `${detail}: invalid request`);
}

export function txDecodeError(detail: string): TxFailure {
  return new TxFailure("sdk", 2, `${detail}: tx parse error`);
}

export function validatorNotFound(): TxFailure {
  return new TxFailure("staking", 3, "validator does not exist");
}

export function noDelegation(): TxFailure {
  return new TxFailure("staking", 19, "no delegation for (address, validator) tuple");
}

/** x/referral/keeper/msg_server.go RegisterReferral: the referrer is unknown (sdkerrors.ErrNotFound; the chain names the referral). */
export function referralParentNotFound(referral: string): TxFailure {
  return new TxFailure("sdk", 38, `parent not found: ${referral}: not found`);
}

/** x/referral/keeper/relations.go appendChild, wrapped by the msg server. */
export function referralAlreadyExists(referral: string): TxFailure {
  return new TxFailure("sdk", 18, `unable to append new child: account ${referral} already exists: invalid request`);
}

/** x/referral/keeper/ref_hooks.go CheckDelegationAvailable: types.ErrNotFound wrapped with the delegator. */
export function outOfReferralStructure(delegator: string): TxFailure {
  return new TxFailure("referral", 3, `${delegator}: account is out of the referral structure`);
}

/** sdkerrors.ErrConflict (x/staking/keeper/msg_server.go stake moves). */
export function conflict(detail: string): TxFailure {
  return new TxFailure("sdk", 36, `${detail}: conflict`);
}

/** A gRPC status error returned by a message handler: baseapp reports it as undefined/1 with its text. */
export function grpcNotFound(detail: string): TxFailure {
  return new TxFailure("undefined", 1, `rpc error: code = NotFound desc = ${detail}`);
}

/** x/authz errors (codespace authz). */
export function authzError(code: 2 | 3 | 7, detail: string): TxFailure {
  const text = {
    2: "authorization not found",
    3: "expiration time of authorization should be more than current time",
    7: "grantee and granter should be different",
  }[code];
  return new TxFailure("authz", code, detail === "" ? text : `${detail}: ${text}`);
}

/** A module's validateAuthority (x/vote, x/referral, x/staking msg servers): govtypes.ErrInvalidSigner. */
export function invalidAuthority(expected: string, got: string): TxFailure {
  return new TxFailure("gov", 13, `invalid authority; expected ${expected}, got ${got}: expected gov account as only signer for proposal message`);
}

/** Message-level failures are wrapped the way baseapp does, naming the failing message. */
export function atMessage(index: number, failure: TxFailure): TxFailure {
  return new TxFailure(failure.codespace, failure.code, `failed to execute message; message index: ${index}: ${failure.message}`);
}

export function selfRedelegation(): TxFailure {
  return new TxFailure("staking", 29, "cannot redelegate to the same validator");
}

export function validatorOwnerExists(): TxFailure {
  return new TxFailure("staking", 4, "validator already exist for this operator address; must use new validator operator address");
}

export function validatorPubKeyExists(): TxFailure {
  return new TxFailure("staking", 5, "validator already exist for this pubkey; must use new validator pubkey");
}

export function validatorStillJailed(): TxFailure {
  return new TxFailure("slashing", 4, "validator still jailed; cannot be unjailed");
}

export function validatorNotJailed(): TxFailure {
  return new TxFailure("slashing", 5, "validator not jailed; cannot be unjailed");
}

export function missingSelfDelegation(): TxFailure {
  return new TxFailure("slashing", 6, "validator has no self-delegation; cannot be unjailed");
}

/** x/wasm's registered errors (codespace `wasm`), wrapping the detail the way errorsmod.Wrap does. */
const WASM_ERRORS = {
  createFailed: [2, "create wasm contract failed"],
  accountExists: [3, "contract account already exists"],
  instantiateFailed: [4, "instantiate wasm contract failed"],
  executeFailed: [5, "execute wasm contract failed"],
  queryFailed: [9, "query wasm contract failed"],
  migrationFailed: [11, "migrate wasm contract failed"],
  empty: [12, "empty"],
  invalid: [14, "invalid"],
  duplicate: [15, "duplicate"],
  noSuchContract: [22, "no such contract"],
  noSuchCode: [28, "no such code"],
} as const;

export function wasmError(kind: keyof typeof WASM_ERRORS, detail: string): TxFailure {
  const [code, text] = WASM_ERRORS[kind];
  return new TxFailure("wasm", code, `${detail}: ${text}`);
}

export function invalidAddress(detail: string): TxFailure {
  return new TxFailure("sdk", 7, `${detail}: invalid address`);
}
