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

export function insufficientFunds(spendable: bigint, needed: bigint): TxFailure {
  return new TxFailure("sdk", 5, `spendable balance ${spendable}uaxm is smaller than ${needed}uaxm: insufficient funds`);
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

export function insufficientShares(): TxFailure {
  return new TxFailure("staking", 22, "invalid shares amount: insufficient delegation shares");
}

export function referralAlreadyRegistered(address: string): TxFailure {
  return new TxFailure("referral", 3, `${address}: referral already registered`);
}

export function referrerNotRegistered(address: string): TxFailure {
  return new TxFailure("referral", 4, `${address}: referrer is not registered`);
}

export function referralNeedsDelegation(address: string): TxFailure {
  return new TxFailure("referral", 5, `${address}: a delegation of at least 1000000uaxm is required to register`);
}

/** Message-level failures are wrapped the way baseapp does, naming the failing message. */
export function atMessage(index: number, failure: TxFailure): TxFailure {
  return new TxFailure(failure.codespace, failure.code, `failed to execute message; message index: ${index}: ${failure.message}`);
}

export function delegationNotFound(): TxFailure {
  return new TxFailure("distribution", 13, "delegation does not exist");
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

export function commissionGreaterThanMaxRate(): TxFailure {
  return new TxFailure("staking", 11, "commission cannot be more than the max rate");
}

export function commissionUpdateTooSoon(): TxFailure {
  return new TxFailure("staking", 12, "commission cannot be changed more than once in 24h");
}

export function commissionChangeTooLarge(): TxFailure {
  return new TxFailure("staking", 15, "commission cannot be changed more than max change rate");
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
