// What a block changes in the vote module (x/vote/keeper/keeper.go, msg_server.go, ABCI.go; util/msg_server.go): proposals
// created, votes, endings (in a transaction or in BeginBlock), polls started, answers and poll endings, in chain order.
import type { ChainEvent } from "../chain/types.ts";
import { attributes, executedMessages, modeOf, statusFromName, type TxMessage } from "./events.ts";
import { eventsByMessage } from "./decode-wasm.ts";
import { explorerStatus, type Status } from "../core/partnership-status.ts";

const VOTE = "/axiome.vote.v1beta1.";
const EVENT = "axiome.vote.v1beta1.";

/** A proposal's message as the index keeps it: the node's REST JSON of a known type, the base64 bytes of an unknown one. */
export interface ProposalMessage {
  typeUrl: string;
  value: Record<string, unknown> | string;
}

/** A poll's own fields (types.proto Poll): quorum null for none, minStatus the explorer's status. */
export interface PollFields {
  name: string;
  author: string;
  question: string;
  quorum: string | null;
  requirement: "none" | "validators" | "minStatus";
  minStatus: Status | null;
}

export type Decision = "positive" | "negative" | "none";

/** One change, in the order the chain made it. */
export type GovernanceOp =
  | { kind: "proposed"; name: string; author: string; messages: ProposalMessage[]; txHash: string }
  | { kind: "voted"; voter: string; agree: boolean; txHash: string }
  /** EventvoteFinished: the current proposal ended, accepted or not (then its messages ran, all or none). */
  | { kind: "finished"; name: string; accepted: boolean }
  /** A successful MsgStartPoll: it ends poll_period minutes after its block (it is never current, README). */
  | { kind: "pollStarted"; poll: PollFields; txHash: string }
  | { kind: "answered"; respondent: string; yes: boolean; txHash: string }
  /** EventPollFinished: the current poll ended with the chain's decision. */
  | { kind: "pollFinished"; name: string; decision: Decision };

export interface GovernanceTx {
  hash: string;
  code: number | null;
  events: ChainEvent[];
  messages: TxMessage[];
}

/** A message of a proposal from the REST JSON it has in a decoded transaction or genesis: raw when it is `{@type, value: base64}`. */
export function proposalMessage(json: Record<string, unknown>): ProposalMessage {
  const { "@type": type, ...fields } = json;
  const typeUrl = typeof type === "string" ? type : "";
  const keys = Object.keys(fields);
  const raw = keys.length === 1 && keys[0] === "value" && typeof fields.value === "string";
  return { typeUrl, value: raw ? (fields.value as string) : fields };
}

/** types.proto Poll from its REST or genesis JSON (status enum by name, or by number). */
export function pollFields(json: Record<string, unknown>): PollFields {
  const text = (key: string) => (typeof json[key] === "string" ? (json[key] as string) : "");
  const status = json.min_status;
  const minStatus = typeof status === "string" ? statusFromName(status) : typeof status === "number" ? explorerStatus(status) : null;
  const validators = json.can_validate !== undefined && json.can_validate !== null;
  return {
    name: text("name"),
    author: text("author"),
    question: text("question"),
    quorum: text("quorum") === "" ? null : text("quorum"),
    requirement: validators ? "validators" : minStatus !== null ? "minStatus" : "none",
    minStatus: validators ? null : minStatus,
  };
}

/** types.proto Decision by name: UNSPECIFIED is what a poll without quorum ends with. */
export function decisionOf(name: string | undefined): Decision {
  return name === "DECISION_POSITIVE" ? "positive" : name === "DECISION_NEGATIVE" ? "negative" : "none";
}

/** Ends and their executions in BeginBlock, then the transactions, then EndBlock (baseapp's order). */
export function governanceChanges(txs: GovernanceTx[], blockEvents: ChainEvent[]): GovernanceOp[] {
  const ops = blockOps(blockEvents.filter((e) => modeOf(e) !== "EndBlock"));
  for (const tx of txs) {
    if (tx.code !== 0) continue;
    const groups = eventsByMessage(tx.events, tx.messages.length);
    groups.forEach((events, i) => ops.push(...messageOps(events, executedMessages(tx.messages[i]), tx.hash)));
  }
  ops.push(...blockOps(blockEvents.filter((e) => modeOf(e) === "EndBlock")));
  return ops;
}

function blockOps(events: ChainEvent[]): GovernanceOp[] {
  const ops: GovernanceOp[] = [];
  for (const event of events) {
    const op = endOp(event);
    if (op) ops.push(op);
  }
  return ops;
}

function endOp(event: ChainEvent): GovernanceOp | null {
  const a = attributes(event);
  if (event.type === `${EVENT}EventvoteFinished`) return { kind: "finished", name: a.get("name") ?? "", accepted: a.get("agreed") === "true" };
  if (event.type === `${EVENT}EventPollFinished`) return { kind: "pollFinished", name: a.get("name") ?? "", decision: decisionOf(a.get("decision")) };
  return null;
}

/**
 * One message's events, with the vote messages it ran (an authz MsgExec's included) claimed in order: a proposal's
 * messages from its MsgPropose, a started poll and an answer from their message at util.TagTx's `message` event, which
 * closes each successful vote message (neither has a typed event of its own).
 */
function messageOps(events: ChainEvent[], messages: TxMessage[], txHash: string): GovernanceOp[] {
  const ops: GovernanceOp[] = [];
  const unclaimed = messages.filter((m) => m.typeUrl.startsWith(VOTE));
  const claim = (name: string): Record<string, unknown> | null => {
    const at = unclaimed.findIndex((m) => m.typeUrl === `${VOTE}${name}`);
    return at < 0 ? null : unclaimed.splice(at, 1)[0].json;
  };
  for (const event of events) {
    const a = attributes(event);
    if (event.type === `${EVENT}EventProposalCreated`) {
      const message = claim("MsgPropose");
      const inner = Array.isArray(message?.messages) ? (message.messages as Record<string, unknown>[]) : [];
      ops.push({ kind: "proposed", name: a.get("name") ?? "", author: a.get("author") ?? "", messages: inner.map(proposalMessage), txHash });
    } else if (event.type === `${EVENT}EventProposalVote`) {
      ops.push({ kind: "voted", voter: a.get("voter") ?? "", agree: a.get("agreed") === "true", txHash });
    } else if (event.type === "message" && a.get("module") === "vote") {
      const action = a.get("action") ?? "";
      if (action === `${EVENT}MsgStartPoll`) {
        const message = claim("MsgStartPoll");
        if (message && typeof message.poll === "object" && message.poll !== null) {
          ops.push({ kind: "pollStarted", poll: pollFields(message.poll as Record<string, unknown>), txHash });
        }
      } else if (action === `${EVENT}MsgAnswerPoll`) {
        const message = claim("MsgAnswerPoll");
        if (message && typeof message.respondent === "string")
          ops.push({ kind: "answered", respondent: message.respondent, yes: message.yes === true, txHash });
      }
    } else {
      const op = endOp(event);
      if (op) ops.push(op);
    }
  }
  return ops;
}
