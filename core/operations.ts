// Operations of an address (SPEC.md §2 Operations tab, §3): their types with signs and colours, and their fields; shared by the indexer, the API and the web app.
// Their labels are i18next resources (web/src/i18n/locales/<language>/operations.json), which the API reads (api/operation-labels.ts).

/** The languages the API writes operation and field labels in (the web app's seven). */
export const OPERATION_LANGUAGES = ["en", "ru", "de", "es", "tr", "zh", "hi"] as const;
export type OperationLanguage = (typeof OPERATION_LANGUAGES)[number];

/** Colour names the web app maps to its palette. */
export type OperationColour = "green" | "red" | "blue" | "orange" | "purple" | "teal" | "cyan" | "gold" | "grey" | "violet" | "lime";

interface TypeInfo {
  /** +1 when the amount comes to the address (or back to its wallet), -1 when it leaves its available balance. */
  sign: 1 | -1;
  colour: OperationColour;
}

/** Every operation type (ids are stable: the index stores them and clients filter by them), in the order the filter lists them. */
export const OPERATION_TYPES = {
  transfer_in: { sign: 1, colour: "green" },
  transfer_out: { sign: -1, colour: "red" },
  delegate: { sign: -1, colour: "blue" },
  undelegate: { sign: 1, colour: "orange" },
  redelegate: { sign: 1, colour: "purple" },
  reward: { sign: 1, colour: "teal" },
  partner_reward: { sign: 1, colour: "cyan" },
  leader_bonus: { sign: 1, colour: "gold" },
  burn: { sign: -1, colour: "grey" },
  premium: { sign: -1, colour: "violet" },
  faucet: { sign: 1, colour: "lime" },
} as const satisfies Record<string, TypeInfo>;

export type OperationType = keyof typeof OPERATION_TYPES;
export const OPERATION_TYPE_IDS = Object.keys(OPERATION_TYPES) as OperationType[];

export function isOperationType(text: string): text is OperationType {
  return Object.hasOwn(OPERATION_TYPES, text);
}

/**
 * How a field's value `v` reads (`t` in the API):
 * 0 text; 1 address (account or validator operator: the web app links it); 2 amount in uaxm (the web app divides by 1,000,000);
 * 3 transaction hash (linked); 4 date, ISO 8601; 5 partnership status, the explorer's 0..7 (the web app shows its name);
 * 6 block height (linked).
 */
export const FIELD_TYPES = { text: 0, address: 1, amount: 2, transaction: 3, date: 4, status: 5, block: 6 } as const;
export type FieldType = (typeof FIELD_TYPES)[keyof typeof FIELD_TYPES];

/** Every field an operation may carry, with its value type. */
export const OPERATION_FIELDS = {
  sender: { t: FIELD_TYPES.address },
  recipient: { t: FIELD_TYPES.address },
  validator: { t: FIELD_TYPES.address },
  source_validator: { t: FIELD_TYPES.address },
  destination_validator: { t: FIELD_TYPES.address },
  completion: { t: FIELD_TYPES.date },
  partner: { t: FIELD_TYPES.address },
  status: { t: FIELD_TYPES.status },
  kpi: { t: FIELD_TYPES.amount },
  memo: { t: FIELD_TYPES.text },
  transaction: { t: FIELD_TYPES.transaction },
  block: { t: FIELD_TYPES.block },
} as const satisfies Record<string, { t: FieldType }>;

export type FieldKey = keyof typeof OPERATION_FIELDS;

/** A field as the index stores it: language-neutral, the label and value type come from its key. */
export interface StoredField {
  k: FieldKey;
  v: string;
}

export function isOperationLanguage(text: string): text is OperationLanguage {
  return (OPERATION_LANGUAGES as readonly string[]).includes(text);
}

export const operationSign = (type: OperationType): 1 | -1 => OPERATION_TYPES[type].sign;
export const operationColour = (type: OperationType): OperationColour => OPERATION_TYPES[type].colour;
export const fieldType = (key: FieldKey): FieldType => OPERATION_FIELDS[key].t;
