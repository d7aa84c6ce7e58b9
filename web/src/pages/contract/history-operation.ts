// wasmd's code history operations (ContractCodeHistoryOperationType) by the short names the screen translates.
const OPERATION_PREFIX = "CONTRACT_CODE_HISTORY_OPERATION_TYPE_";
const OPERATIONS = ["init", "migrate", "genesis"] as const;

export type HistoryOperation = (typeof OPERATIONS)[number];

/** "CONTRACT_CODE_HISTORY_OPERATION_TYPE_MIGRATE" → "migrate"; null for anything else (shown as it came). */
export function historyOperation(operation: string): HistoryOperation | null {
  if (!operation.startsWith(OPERATION_PREFIX)) return null;
  const name = operation.slice(OPERATION_PREFIX.length).toLowerCase();
  return OPERATIONS.find((known) => known === name) ?? null;
}
