// ABCI events in the shapes a Cosmos SDK 0.50 node reports them, collected per transaction or block phase.
import { createHash } from "node:crypto";

export interface EventAttribute {
  key: string;
  value: string;
  index: boolean;
}

export interface AbciEvent {
  type: string;
  attributes: EventAttribute[];
}

/**
 * Collects events; the SDK appends `msg_index` to every event a message emits and `mode`
 * (BeginBlock/EndBlock) to every finalize_block event, so a sink carries that suffix.
 */
export class EventSink {
  readonly events: AbciEvent[] = [];
  private suffix: [string, string][];

  constructor(suffix: [string, string][] = []) {
    this.suffix = suffix;
  }

  emit(type: string, attributes: Record<string, string>): void {
    const list: EventAttribute[] = [];
    for (const key in attributes) list.push({ key, value: attributes[key], index: true });
    for (const [key, value] of this.suffix) list.push({ key, value, index: true });
    this.events.push({ type, attributes: list });
  }

  /** A sink for the same events list with another suffix (message index of a multi-message tx). */
  withSuffix(suffix: [string, string][]): EventSink {
    const sink = new EventSink(suffix);
    (sink as { events: AbciEvent[] }).events = this.events;
    return sink;
  }

  /** A sink with this one's suffix and a list of its own: events kept apart until the caller adds them (or drops them). */
  detached(): EventSink {
    return new EventSink(this.suffix);
  }

  /** A sink whose events carry more attributes before this one's suffix (authz_msg_index before msg_index). */
  nested(extra: [string, string][]): EventSink {
    return this.withSuffix([...extra, ...this.suffix]);
  }
}

export function coins(amount: bigint, denom = "uaxm"): string {
  return amount === 0n ? "" : `${amount}${denom}`;
}

const DEC_ZEROS = "000000000000000000";

/** An integer written as an SDK LegacyDec ("1000000.000000000000000000"). */
export function decimal(amount: bigint): string {
  return `${amount}.${DEC_ZEROS}`;
}

/** A ratio num/den as an 18-decimal LegacyDec string ("0.200000000000000000"). */
export function ratio(num: bigint, den: bigint): string {
  if (den === 0n) return `0.${DEC_ZEROS}`;
  const scaled = (num * 10n ** 18n) / den;
  const whole = scaled / 10n ** 18n;
  return `${whole}.${(scaled % 10n ** 18n).toString().padStart(18, "0")}`;
}

/**
 * A typed event as axm-node's util.EmitEvent (util/msg_server.go) emits it: jsonpb values with their quotes stripped, and
 * the attributes in Go map order, which is random: here a permutation picked by a hash of the values, so runs repeat.
 */
export function emitUnquoted(sink: EventSink, type: string, attributes: Record<string, string>): void {
  const entries = Object.entries(attributes);
  const hash = createHash("sha256").update(type).update(entries.flat().join("\u0000")).digest();
  for (let i = entries.length - 1; i > 0; i--) {
    const j = hash[i] % (i + 1);
    [entries[i], entries[j]] = [entries[j], entries[i]];
  }
  sink.emit(type, Object.fromEntries(entries));
}

/** A SDK typed event (EmitTypedEvent): JSON-quoted values, attributes sorted by key. */
export function emitTyped(sink: EventSink, type: string, attributes: Record<string, string>): void {
  const sorted = Object.keys(attributes).sort();
  sink.emit(type, Object.fromEntries(sorted.map((key) => [key, JSON.stringify(attributes[key])])));
}

/** A google.protobuf.Timestamp as jsonpb writes it: UTC, "Z", 0, 3, 6 or 9 fraction digits (ms here). */
export function jsonTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, "Z");
}
