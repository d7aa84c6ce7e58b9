// The governance the devnet plays on its own (x/vote, devnet/vote.ts): proposals carrying real messages voted by the
// governors (one accepted in its last vote, one run out of time and rejected though two thirds agreed, one accepted
// that lengthens the vote to a week, one left running), answers to the genesis poll, polls started that never become
// current, and the module's refusals. Steps after an ending wait for the chain to end it, whatever the block time.
import { CHAIN_STATUS, DELEGATING_AWARD, fractionText } from "../core/partnership-chain.ts";
import type { ChainState } from "./state.ts";
import type { GenesisInfo } from "./genesis.ts";
import type { TxMessage } from "./handlers.ts";
import { VOTE_AUTHORITY } from "./module-accounts.ts";
import type { ScriptedTx } from "./scripted-workload.ts";

const VOTE = "/axiome.vote.v1beta1.";
/** The governor P1 seats, and a user who is not a governor (it tries to vote and to start a poll). */
const NEWCOMER = 150;
const OUTSIDER = 3;
/** P3 lengthens the vote to a week (10,080 minutes), so P4 runs for the rest of any run. */
const WEEK_MINUTES = 7 * 24 * 60;
const P2_NAME = "A status downgrade period of 7 days";

type Anchor = "genesis" | "afterP2" | "afterPoll";

interface Step {
  anchor: Anchor;
  offset: number;
  txs: (g: GovernanceWorkload) => ScriptedTx[];
}

const vote = (voter: string, agree: boolean): TxMessage => ({ typeUrl: `${VOTE}MsgVote`, value: { voter, agree } });
const answer = (respondent: string, yes: boolean): TxMessage => ({ typeUrl: `${VOTE}MsgAnswerPoll`, value: { respondent, yes } });
const governorChange = (kind: "Add" | "Remove", governor: string): TxMessage => ({
  typeUrl: `${VOTE}Msg${kind}Governor`,
  value: { authority: VOTE_AUTHORITY, governor },
});
const tx = (signer: string, message: TxMessage): ScriptedTx => ({ signer, messages: [message] });

const STEPS: readonly Step[] = [
  // The genesis poll (Starter and above): two eligible answers, one refused (code 9), one twice (code 3).
  { anchor: "genesis", offset: 4, txs: (g) => g.eligible().map((r, i) => tx(r, answer(r, i === 0))) },
  { anchor: "genesis", offset: 5, txs: (g) => [tx(g.ineligible(), answer(g.ineligible(), true))] },
  {
    anchor: "genesis",
    offset: 6,
    txs: (g) =>
      g
        .eligible()
        .slice(0, 1)
        .map((r) => tx(r, answer(r, false))),
  },
  // P1: every governor votes, the last vote ends it accepted and seats the newcomer in that transaction.
  { anchor: "genesis", offset: 8, txs: (g) => [g.propose(0, "Seat a new governor", [governorChange("Add", g.newcomer)])] },
  { anchor: "genesis", offset: 9, txs: (g) => [tx(g.gov[1], vote(g.gov[1], true)), tx(g.outsider, vote(g.outsider, true))] },
  { anchor: "genesis", offset: 10, txs: (g) => [tx(g.gov[0], vote(g.gov[0], true)), tx(g.gov[2], vote(g.gov[2], true))] },
  { anchor: "genesis", offset: 11, txs: (g) => [tx(g.gov[3], vote(g.gov[3], true))] },
  { anchor: "genesis", offset: 12, txs: (g) => [tx(g.gov[4], vote(g.gov[4], false))] },
  { anchor: "genesis", offset: 13, txs: (g) => [tx(g.gov[1], vote(g.gov[1], true))] },
  // P2: four of six agree, two never vote: BeginBlock ends it when its time is over, rejected.
  { anchor: "genesis", offset: 14, txs: (g) => [g.propose(3, P2_NAME, [g.referralParams()])] },
  { anchor: "genesis", offset: 15, txs: (g) => [g.propose(2, "A second proposal", [governorChange("Add", g.outsider)]), tx(g.gov[0], vote(g.gov[0], true))] },
  { anchor: "genesis", offset: 16, txs: (g) => [tx(g.gov[1], vote(g.gov[1], true)), tx(g.newcomer, vote(g.newcomer, true))] },
  // A validators-only poll: accepted, never current; the next answer still goes to the genesis poll (and is refused).
  {
    anchor: "genesis",
    offset: 17,
    txs: (g) => [g.startPoll(1, "Validators: 4-second blocks", "Should blocks come every 4 seconds?", "2/3", { canValidate: true })],
  },
  { anchor: "genesis", offset: 18, txs: (g) => [tx(g.gov[2], answer(g.gov[2], true))] },
  // P3: everyone votes, exactly two thirds agree: a week to vote, and a governor steps down.
  {
    anchor: "afterP2",
    offset: 1,
    txs: (g) => [
      g.propose(1, "A week to vote, and a governor steps down", [
        { typeUrl: `${VOTE}MsgUpdateParams`, value: { authority: VOTE_AUTHORITY, params: { votePeriod: WEEK_MINUTES, pollPeriod: 60 } } },
        governorChange("Remove", g.gov[4]),
      ]),
    ],
  },
  { anchor: "afterP2", offset: 2, txs: (g) => [tx(g.gov[0], vote(g.gov[0], true)), tx(g.gov[2], vote(g.gov[2], true))] },
  { anchor: "afterP2", offset: 3, txs: (g) => [tx(g.gov[3], vote(g.gov[3], false)), tx(g.newcomer, vote(g.newcomer, true))] },
  { anchor: "afterP2", offset: 4, txs: (g) => [tx(g.gov[4], vote(g.gov[4], false))] },
  // P4: a week long, still voting while the devnet runs; the governor who stepped down may no longer vote.
  { anchor: "afterP2", offset: 6, txs: (g) => [g.propose(2, "Bring a governor back", [governorChange("Add", g.gov[4])])] },
  { anchor: "afterP2", offset: 7, txs: (g) => [tx(g.gov[0], vote(g.gov[0], true)), tx(g.gov[3], vote(g.gov[3], false))] },
  { anchor: "afterP2", offset: 8, txs: (g) => [tx(g.gov[4], vote(g.gov[4], true))] },
  // After the genesis poll ended: no poll is current (code 8), a started one stays so, a non-governor may not start one.
  { anchor: "afterPoll", offset: 1, txs: (g) => [tx(g.gov[2], answer(g.gov[2], true))] },
  { anchor: "afterPoll", offset: 2, txs: (g) => [g.startPoll(3, "Open: a governance forum", "Should the government keep a public forum?", "", {})] },
  { anchor: "afterPoll", offset: 3, txs: (g) => [g.startPollBy(g.outsider, "Anyone: a new logo", "Should the chain get a new logo?")] },
];

export class GovernanceWorkload {
  /** The genesis government: three operators, then two users. */
  readonly gov: readonly string[];
  readonly newcomer: string;
  readonly outsider: string;
  private readonly state: ChainState;
  private readonly info: GenesisInfo;
  private readonly anchors = new Map<Anchor, number>([["genesis", 0]]);
  private respondentsChosen: string[] | null = null;

  constructor(state: ChainState, info: GenesisInfo) {
    this.state = state;
    this.info = info;
    this.gov = info.vote.government;
    this.newcomer = info.users[NEWCOMER];
    this.outsider = info.users[OUTSIDER];
  }

  /** The height's governance transactions, built against the state after its BeginBlock. */
  due(height: number): ScriptedTx[] {
    const vote = this.state.vote;
    if (!this.anchors.has("afterP2") && vote.historyInOrder().some((r) => r.proposal.name === P2_NAME)) this.anchors.set("afterP2", height - 1);
    if (!this.anchors.has("afterPoll") && vote.poll === null) this.anchors.set("afterPoll", height - 1);
    return STEPS.filter((s) => this.anchors.get(s.anchor) !== undefined && this.anchors.get(s.anchor)! + s.offset === height).flatMap((s) => s.txs(this));
  }

  propose(author: number, name: string, messages: TxMessage[]): ScriptedTx {
    const signer = this.gov[author];
    return tx(signer, { typeUrl: `${VOTE}MsgPropose`, value: { author: signer, name, messages } });
  }

  startPoll(author: number, name: string, question: string, quorum: string, requirement: { canValidate?: boolean }): ScriptedTx {
    const signer = this.gov[author];
    return tx(signer, { typeUrl: `${VOTE}MsgStartPoll`, value: { author: signer, poll: { name, author: signer, question, quorum, ...requirement } } });
  }

  startPollBy(signer: string, name: string, question: string): ScriptedTx {
    return tx(signer, { typeUrl: `${VOTE}MsgStartPoll`, value: { author: signer, poll: { name, author: signer, question, quorum: "" } } });
  }

  /** A referral MsgUpdateParams from the authority: the params as they are, with the chain's 7-day downgrade period. */
  referralParams(): TxMessage {
    const params = {
      delegatingAward: { network: DELEGATING_AWARD.map(fractionText) },
      statusDowngradePeriod: 7 * 24 * 3600,
      uretMode: this.state.referral.params.uretMode,
    };
    return { typeUrl: "/axiome.referral.v1beta1.MsgUpdateParams", value: { authority: VOTE_AUTHORITY, params } };
  }

  /** Two users (not governors) whose status the genesis poll accepts when first asked, first in user order; the same two after. */
  eligible(): string[] {
    this.respondentsChosen ??= this.respondents((status) => status >= CHAIN_STATUS.STARTER).slice(0, 2);
    return this.respondentsChosen;
  }

  /** The first user whose status the genesis poll refuses now. */
  ineligible(): string {
    return this.respondents((status) => status < CHAIN_STATUS.STARTER)[0];
  }

  private respondents(accept: (status: number) => boolean): string[] {
    return this.info.workloadAccounts.filter((u) => !this.gov.includes(u) && accept(this.state.referral.get(u)?.status ?? CHAIN_STATUS.UNSPECIFIED));
  }
}
