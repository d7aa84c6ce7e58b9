// Validator operators' own transactions: a validator created during the run, description edits now and then, unjailing after downtime.
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { accountToValoper } from "../core/address.ts";
import { MICRO } from "../core/amount.ts";
import { type ChainState, type Validator, nodeOnline } from "./state.ts";
import type { TxMessage } from "./handlers.ts";
import { Prng } from "./prng.ts";
import { consensusKey } from "./keys.ts";
import { jailTimeServed } from "./slashing.ts";
import { validatorDescription } from "./genesis.ts";
import { DO_NOT_MODIFY } from "./staking.ts";
import { isRegistered } from "./referral.ts";

const CREATE_VALIDATOR_HEIGHT = 40;
const FIRST_EDIT_HEIGHT = 60;
const EDIT_INTERVAL = 50;
/** Far below the genesis validators' stake, so the new validator starts inactive. */
const CREATED_SELF_DELEGATION = 20_000n * MICRO;
const CREATED_MONIKER = "Juniper Relay";
const DETAILS = [
  "Bare-metal servers in two regions, monitored around the clock.",
  "Community validator: sentry nodes, remote signer, public dashboards.",
  "Staking since the first testnet; commission kept low for small delegators.",
];

const CREATE_VALIDATOR = "/axiome.staking.v1beta1.MsgCreateValidator";
const EDIT_VALIDATOR = "/axiome.staking.v1beta1.MsgEditValidator";
const UNJAIL = "/axiome.slashing.v1beta1.MsgUnjail";

type EditKind = "website" | "details";
/** Edits take these in turn (the chain's MsgEditValidator carries no commission: it is one distribution param). */
const EDIT_KINDS: readonly EditKind[] = ["website", "details"];

export interface OperatorTx {
  signer: string;
  messages: TxMessage[];
}

export class Operators {
  private readonly state: ChainState;
  private readonly seed: string;
  /** Users the workload signs for; one of them becomes an operator. */
  private readonly users: string[];
  /** Accounts the random workload leaves alone at a height (the showcase's): they do not become operators either. */
  private readonly reserved: (height: number) => ReadonlySet<string>;
  private readonly prng: Prng;
  private edits = 0;

  constructor(state: ChainState, seed: string, users: string[], reserved: (height: number) => ReadonlySet<string>) {
    this.state = state;
    this.seed = seed;
    this.users = users;
    this.reserved = reserved;
    this.prng = new Prng(seed, "operators");
  }

  /** The operators' transactions for a height, built against the state at its start. */
  due(height: number): OperatorTx[] {
    const txs: OperatorTx[] = [];
    if (height === CREATE_VALIDATOR_HEIGHT) txs.push(this.createValidator());
    if (height >= FIRST_EDIT_HEIGHT && (height - FIRST_EDIT_HEIGHT) % EDIT_INTERVAL === 0) txs.push(this.edit());
    for (const validator of this.state.validators) {
      if (nodeOnline(validator.node, height) && jailTimeServed(this.state, validator)) txs.push(unjailTx(validator));
    }
    return txs;
  }

  /** The richest registered user becomes an operator (its self-delegation needs the referral tree); it starts the node of a fresh consensus key first. */
  private createValidator(): OperatorTx {
    const reserved = this.reserved(this.state.height);
    const eligible = this.users.filter((u) => isRegistered(this.state, u) && !reserved.has(u));
    const creator = eligible.reduce((a, b) => (this.state.balance(b) > this.state.balance(a) ? b : a));
    const key = consensusKey(this.seed, this.state.validators.length);
    this.state.consensusKeys.set(key.addressHex, key);
    const message = {
      typeUrl: CREATE_VALIDATOR,
      value: {
        description: validatorDescription(this.seed, CREATED_MONIKER),
        delegatorAddress: creator,
        validatorAddress: accountToValoper(creator),
        pubkey: { typeUrl: "/cosmos.crypto.ed25519.PubKey", value: Ed25519PubKey.encode({ key: key.pubkey }).finish() },
        value: { denom: "uaxm", amount: CREATED_SELF_DELEGATION.toString() },
      },
    };
    return { signer: creator, messages: [message] };
  }

  private edit(): OperatorTx {
    const validator = this.prng.pick(this.state.validators);
    const kind = EDIT_KINDS[this.edits++ % EDIT_KINDS.length];
    const description = {
      moniker: DO_NOT_MODIFY,
      identity: DO_NOT_MODIFY,
      website: DO_NOT_MODIFY,
      securityContact: DO_NOT_MODIFY,
      details: DO_NOT_MODIFY,
    };
    if (kind === "website") description.website = `https://www.${validator.moniker.toLowerCase().replace(/\s+/g, "")}.example.net`;
    else description.details = this.prng.pick(DETAILS);
    const message = { typeUrl: EDIT_VALIDATOR, value: { description, validatorAddress: validator.operatorAddress } };
    return { signer: validator.accountAddress, messages: [message] };
  }
}

function unjailTx(validator: Validator): OperatorTx {
  return { signer: validator.accountAddress, messages: [{ typeUrl: UNJAIL, value: { validatorAddr: validator.operatorAddress } }] };
}
