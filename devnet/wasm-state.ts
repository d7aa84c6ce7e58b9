// The wasm module's state: codes, contracts with their history, each contract's key/value store and the tx counter; every change can be undone.
import type { Program } from "./wasm-program.ts";
import type { ContractStorage } from "./wasm-storage.ts";

export type Permission = "Nobody" | "Everybody" | "AnyOfAddresses";

export interface AccessConfig {
  permission: Permission;
  addresses: string[];
}

export interface Code {
  id: number;
  /** SHA-256 of the (uncompressed) wasm bytes. */
  checksum: Uint8Array;
  creator: string;
  instantiatePermission: AccessConfig;
  wasm: Uint8Array;
  program: Program;
}

/** wasmd's AbsoluteTxPosition: the block and the index of the transaction in it. */
export interface TxPosition {
  height: number;
  txIndex: number;
}

export interface HistoryEntry {
  operation: "init" | "migrate" | "genesis";
  codeId: number;
  updated: TxPosition;
  /** The raw JSON message bytes. */
  msg: Uint8Array;
}

export interface Contract {
  address: string;
  codeId: number;
  creator: string;
  /** "" when the contract has no admin. */
  admin: string;
  label: string;
  created: TxPosition;
  history: HistoryEntry[];
  /** Successful MsgExecuteContract messages addressed to it. */
  executeMessages: number;
  /** `execute` events naming it: its messages plus sub-message calls from other contracts (a CW-20 send's Receive). */
  executeEvents: number;
}

type Undo = () => void;

const hex = (key: Uint8Array) => Buffer.from(key).toString("hex");

export class WasmState {
  private readonly codes = new Map<number, Code>();
  private readonly contracts = new Map<string, Contract>();
  private readonly stores = new Map<string, Map<string, Uint8Array>>();
  private lastCodeId = 0;
  private lastInstanceId = 0;
  private txCounter = { height: 0, next: 0 };
  private readonly record: (undo: Undo) => void;

  constructor(record: (undo: Undo) => void) {
    this.record = record;
  }

  code(id: number): Code | undefined {
    return this.codes.get(id);
  }

  /** In code id order. */
  codeList(): Code[] {
    return [...this.codes.values()];
  }

  contract(address: string): Contract | undefined {
    return this.contracts.get(address);
  }

  /** In instantiation order. */
  contractList(): Contract[] {
    return [...this.contracts.values()];
  }

  addCode(code: Omit<Code, "id">): Code {
    const stored = { ...code, id: ++this.lastCodeId };
    this.codes.set(stored.id, stored);
    this.record(() => {
      this.codes.delete(stored.id);
      this.lastCodeId--;
    });
    return stored;
  }

  /** wasmd's instance id sequence for classic addresses. */
  nextInstanceId(): number {
    this.lastInstanceId++;
    this.record(() => this.lastInstanceId--);
    return this.lastInstanceId;
  }

  addContract(contract: Contract): void {
    this.contracts.set(contract.address, contract);
    this.record(() => this.contracts.delete(contract.address));
  }

  updateContract(contract: Contract, changes: Partial<Pick<Contract, "admin" | "codeId" | "executeMessages" | "executeEvents">>): void {
    const before = { admin: contract.admin, codeId: contract.codeId, executeMessages: contract.executeMessages, executeEvents: contract.executeEvents };
    Object.assign(contract, changes);
    this.record(() => Object.assign(contract, before));
  }

  appendHistory(contract: Contract, entry: HistoryEntry): void {
    contract.history.push(entry);
    this.record(() => contract.history.pop());
  }

  /** wasmd's CountTXDecorator: the index of a transaction among those of its block that passed the ante handler. */
  nextTxIndex(height: number): number {
    const before = this.txCounter;
    const index = before.height === height ? before.next : 0;
    this.txCounter = { height, next: index + 1 };
    this.record(() => (this.txCounter = before));
    return index;
  }

  /** The tx index of the transaction being delivered. */
  currentTxIndex(): number {
    return this.txCounter.next - 1;
  }

  /** A contract's prefix store (created with its first write). */
  storage(address: string): ContractStorage {
    const entries = () => this.stores.get(address) ?? new Map<string, Uint8Array>();
    const put = (key: string, value: Uint8Array | undefined) => {
      const store = entries();
      this.stores.set(address, store);
      const before = store.get(key);
      if (value === undefined) store.delete(key);
      else store.set(key, value);
      this.record(() => (before === undefined ? store.delete(key) : store.set(key, before)));
    };
    return {
      get: (key) => entries().get(hex(key)),
      set: (key, value) => put(hex(key), Uint8Array.from(value)),
      remove: (key) => put(hex(key), undefined),
      range: (prefix) => {
        const start = hex(prefix);
        const store = entries();
        return [...store.keys()]
          .filter((key) => key.startsWith(start))
          .sort()
          .map((key) => ({ key: Buffer.from(key, "hex"), value: store.get(key)! }));
      },
    };
  }
}
