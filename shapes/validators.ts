// Shapes of API.md's "Validators": the validator list and a validator's delegations.
import Type, { type Static } from "typebox";
import { Coin, Nullable, PageParams, StringEnum } from "./common.ts";

/** SPEC.md §4: BONDED is an active validator; the other two are not in the active set. */
export const BondStatus = StringEnum(["BOND_STATUS_BONDED", "BOND_STATUS_UNBONDING", "BOND_STATUS_UNBONDED"]);
export type BondStatus = Static<typeof BondStatus>;

export const Validator = Type.Object({
  /** The moniker: what a validator is called, and what every list and its own screen lead with. */
  name: Type.String(),
  /** The moniker too, never shortened (SPEC.md names a "full name"; a description is no name, see `details`). */
  fullName: Type.String(),
  /** The validator's own description (the chain's `details`), "" when it wrote none: shown under the name, never instead of it. */
  details: Type.String(),
  /** The operator address, axmvaloper1…: the validator's id in URLs. */
  bech32Address: Type.String(),
  /** The same key as a user address, axm1…. */
  address: Type.String(),
  /** axmvalcons1…, as a block's proposer and a consensus entry's signers are written. */
  consensusAddress: Type.String(),
  logoUrl: Nullable(Type.String()),
  status: BondStatus,
  /** False when jailed. */
  isActive: Type.Boolean(),
  /** Percent (5 is 5 %); null when the chain has no such figure (the real chain keeps no transaction fee per validator). */
  delegationFee: Nullable(Type.Number()),
  txFee: Nullable(Type.Number()),
  /** Micro units. */
  locked: Type.String(),
  /** Percent of the total bonded power, unrounded; 0 when not bonded. */
  votingPower: Type.Number(),
  okBlocksSinceStart: Type.Integer(),
  blocksSinceStart: Type.Integer(),
  totalProposed: Type.Integer(),
  siteUrl: Type.String(),
  securityContact: Type.String(),
});
export type Validator = Static<typeof Validator>;

export const ValidatorList = Type.Array(Validator);

/** One delegator of a validator; SPEC.md §3: the first coin carries the amount. */
export const Delegation = Type.Object({ address: Type.String(), amount: Type.Array(Coin) });
export type Delegation = Static<typeof Delegation>;

export const DelegationList = Type.Array(Delegation);

/** SPEC.md §9: a validator's delegations come 10 at a time. */
export const DELEGATIONS_PAGE_SIZE = 10;

export const DelegationsParams = PageParams([DELEGATIONS_PAGE_SIZE], { validator: Type.String({ maxLength: 100 }) });
