// Transactions played at set heights: the partnership showcase, the genesis Premium buyers' burns (some through authz), stake moves and their decisions, governance.
import { MICRO } from "../core/amount.ts";
import { PREMIUM } from "../core/partnership-premium.ts";
import type { ChainState } from "./state.ts";
import type { GenesisInfo } from "./genesis.ts";
import type { TxMessage } from "./handlers.ts";
import { Prng } from "./prng.ts";
import { GENERIC_AUTHORIZATION } from "./authz.ts";
import { isRegistered } from "./referral.ts";
import { stakeMoveKey } from "./staking.ts";
import { SHOWCASE_SCRIPT, SHOWCASE_UNTIL, SHOWCASE_USERS, type ScriptStep } from "./showcase.ts";
import { GovernanceWorkload } from "./governance-workload.ts";

export interface ScriptedTx {
  signer: string;
  messages: TxMessage[];
}

const coin = (amount: bigint) => ({ denom: "uaxm", amount: amount.toString() });
const BURNS_FROM = 2;
const BURNS_PER_BLOCK = 3;
/** Every eighth buyer grants the premium app a GenericAuthorization and the app burns for it a block later (MsgExec). */
const AUTHZ_EVERY = 8;
/** A stake move is requested every 50 blocks from 30 on, and decided 5 blocks later: confirmed and cancelled in turn. */
const MOVES_FROM = 30;
const MOVES_EVERY = 50;
const DECISION_AFTER = 5;
const GENESIS_VALIDATORS = 7;
const NOBODY: ReadonlySet<string> = new Set();

interface PendingMove {
  delegatorAddress: string;
  validatorAddress: string;
  dstDelegatorAddress: string;
}

export class ScriptedWorkload {
  private readonly state: ChainState;
  private readonly info: GenesisInfo;
  private readonly prng: Prng;
  private readonly pending = new Map<number, PendingMove>();
  private readonly showcase: ReadonlySet<string>;
  private readonly governance: GovernanceWorkload;
  private decisions = 0;

  constructor(state: ChainState, info: GenesisInfo, seed: string) {
    this.state = state;
    this.info = info;
    this.prng = new Prng(seed, "stake-moves");
    this.showcase = new Set([...SHOWCASE_USERS].map((u) => info.users[u]));
    this.governance = new GovernanceWorkload(state, info);
  }

  /** Accounts the random workload must not sign for at this height. */
  reserved(height: number): ReadonlySet<string> {
    return height <= SHOWCASE_UNTIL ? this.showcase : NOBODY;
  }

  /** The height's scripted transactions, built against the state at its start. */
  due(height: number): ScriptedTx[] {
    return [...SHOWCASE_SCRIPT.filter((s) => s.height === height).map((s) => this.showcaseTx(s)), ...this.premiumTxs(height), ...this.stakeMoveTxs(height)];
  }

  /** The height's governance transactions (governance-workload.ts), after due()'s. */
  governanceDue(height: number): ScriptedTx[] {
    return this.governance.due(height);
  }

  private showcaseTx(step: ScriptStep): ScriptedTx {
    const signer = this.info.users[step.user];
    const validatorAddress = this.state.validators[step.user % GENESIS_VALIDATORS].operatorAddress;
    const typeUrl = step.kind === "delegate" ? "/axiome.staking.v1beta1.MsgDelegate" : "/axiome.staking.v1beta1.MsgUndelegate";
    return { signer, messages: [{ typeUrl, value: { delegatorAddress: signer, validatorAddress, amount: coin(BigInt(step.axm) * MICRO) } }] };
  }

  /** Buyers burn in order, three a block; an authz buyer grants in its slot and the app executes the burn a block later. */
  private premiumTxs(height: number): ScriptedTx[] {
    const txs: ScriptedTx[] = [];
    this.info.premiumBuyers.forEach((buyer, i) => {
      const slot = BURNS_FROM + Math.floor(i / BURNS_PER_BLOCK);
      const viaAuthz = i % AUTHZ_EVERY === 0;
      const burn = { typeUrl: PREMIUM.typeUrl, value: { fromAddress: buyer, amount: [coin(PREMIUM.price)] } };
      if (!viaAuthz && slot === height) txs.push({ signer: buyer, messages: [burn] });
      if (viaAuthz && slot === height) txs.push({ signer: buyer, messages: [this.grantMessage(buyer)] });
      if (viaAuthz && slot + 1 === height)
        txs.push({
          signer: this.info.premiumApp,
          messages: [{ typeUrl: "/cosmos.authz.v1beta1.MsgExec", value: { grantee: this.info.premiumApp, msgs: [burn] } }],
        });
    });
    return txs;
  }

  private grantMessage(granter: string): TxMessage {
    const grant = { authorization: { typeUrl: GENERIC_AUTHORIZATION, msg: PREMIUM.typeUrl }, expirationMs: this.state.timeMs + 365 * 24 * 3600 * 1000 };
    return { typeUrl: "/cosmos.authz.v1beta1.MsgGrant", value: { granter, grantee: this.info.premiumApp, grant } };
  }

  private stakeMoveTxs(height: number): ScriptedTx[] {
    const txs: ScriptedTx[] = [];
    const decided = this.pending.get(height);
    if (decided) {
      this.pending.delete(height);
      const typeUrl = this.decisions++ % 2 === 0 ? "/axiome.staking.v1beta1.MsgConfirmRequestStakeMove" : "/axiome.staking.v1beta1.MsgCancelRequestStakeMove";
      txs.push({ signer: this.info.stakingAuthority, messages: [{ typeUrl, value: { authority: this.info.stakingAuthority, ...decided } }] });
    }
    if (height >= MOVES_FROM && (height - MOVES_FROM) % MOVES_EVERY === 0) {
      const move = this.pickMove(height);
      if (move) {
        this.pending.set(height + DECISION_AFTER, move);
        txs.push({ signer: move.delegatorAddress, messages: [{ typeUrl: "/axiome.staking.v1beta1.MsgRequestStakeMove", value: move }] });
      }
    }
    return txs;
  }

  /** A registered user's delegation at a validator it does not run, moved to another registered user. */
  private pickMove(height: number): PendingMove | null {
    const reserved = this.reserved(height);
    const users = this.info.workloadAccounts.filter((u) => isRegistered(this.state, u) && !reserved.has(u));
    const candidates = users.flatMap((delegator) =>
      this.state.validators
        .filter(
          (v) =>
            v.accountAddress !== delegator &&
            this.state.delegation(v.operatorAddress, delegator) > 0n &&
            !this.state.stakeMoves.has(stakeMoveKey(delegator, v.operatorAddress)),
        )
        .map((v) => ({ delegatorAddress: delegator, validatorAddress: v.operatorAddress })),
    );
    if (candidates.length === 0) return null;
    const chosen = this.prng.pick(candidates);
    let destination = this.prng.pick(users);
    while (destination === chosen.delegatorAddress) destination = this.prng.pick(users);
    return { ...chosen, dstDelegatorAddress: destination };
  }
}
