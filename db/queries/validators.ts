// Reads of validators with their uptime counters, of the delegations each one holds, and of an account's delegations.
import type { Queryable } from "../connection.ts";

export interface ValidatorListRow {
  operator_address: string;
  consensus_address: string | null;
  moniker: string;
  identity: string;
  website: string;
  security_contact: string;
  details: string;
  status: string;
  jailed: boolean;
  tokens: string;
  /** The chain's delegation fee is one distribution parameter for every validator; null when the node did not say. */
  commission_rate: string | null;
  /** The chain keeps no transaction fee per validator: null unless a chain that has one filled it. */
  tx_fee_rate: string | null;
  blocks: number;
  signed: number;
  proposed: number;
}

/** Every validator, most coins first, with the blocks it was in the set for, signed and proposed. */
export async function allValidators(db: Queryable): Promise<ValidatorListRow[]> {
  return db.query<ValidatorListRow>(
    `select v.operator_address, v.consensus_address, v.moniker, v.identity, v.website, v.security_contact, v.details, v.status,
       v.jailed, v.tokens::text as tokens, v.commission_rate, v.tx_fee_rate,
       coalesce(k.blocks, 0)::int8 as blocks, coalesce(k.signed, 0)::int8 as signed, coalesce(k.proposed, 0)::int8 as proposed
     from validators v left join consensus_validators k on k.address = v.consensus_address
     order by v.tokens desc, v.operator_address`,
  );
}

export async function validatorExists(db: Queryable, operator: string): Promise<boolean> {
  return (await db.query("select 1 from validators where operator_address = $1", [operator])).length > 0;
}

/** A page of a validator's delegations, biggest first (ties by delegator, so pages never overlap). */
export async function delegationsPage(db: Queryable, operator: string, pageSize: number, page: number): Promise<{ delegator: string; amount: string }[]> {
  return db.query<{ delegator: string; amount: string }>(
    // Ordered by the numeric column, not by the text it is shown as.
    `select d.delegator, d.amount::text as amount from delegations d where d.validator = $1
     order by d.amount desc, d.delegator limit $2 offset $3`,
    [operator, pageSize, (page - 1) * pageSize],
  );
}

export interface AccountDelegationRow {
  validator: string;
  amount: string | null;
  /** Null when the index does not hold the validator. */
  moniker: string | null;
  identity: string | null;
}

/**
 * Every delegation of an account, one per validator, biggest first (ties by validator), and a row with a null amount for
 * each of `alsoValidators` the index holds no delegation to (the node may be a block ahead of the index).
 */
export async function accountDelegations(db: Queryable, delegator: string, alsoValidators: string[]): Promise<AccountDelegationRow[]> {
  return db.query<AccountDelegationRow>(
    `select o.validator, d.amount::text as amount, v.moniker, v.identity
     from (select validator from delegations where delegator = $1 union select unnest($2::text[])) o
       left join delegations d on d.validator = o.validator and d.delegator = $1
       left join validators v on v.operator_address = o.validator
     order by d.amount desc nulls last, o.validator`,
    [delegator, alsoValidators],
  );
}
