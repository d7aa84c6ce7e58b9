// ABCI events in the shapes a Cosmos SDK 0.50 node reports them, collected per transaction or block phase.

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

/** A JSON-quoted value, as typed (protobuf) events write their attributes. */
export function quoted(text: string): string {
  return JSON.stringify(text);
}
