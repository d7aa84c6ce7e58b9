// Transactions accepted by broadcast_tx_sync, waiting for the next block.
import type { ParsedTx } from "./txexec.ts";

export class Mempool {
  private txs: ParsedTx[] = [];
  private pending = new Map<string, number>();

  add(tx: ParsedTx): void {
    this.txs.push(tx);
    this.pending.set(tx.signer, (this.pending.get(tx.signer) ?? 0) + 1);
  }

  /** How many of this signer's transactions wait, so CheckTx expects the sequence after them. */
  pendingFor(signer: string): number {
    return this.pending.get(signer) ?? 0;
  }

  has(hash: string): boolean {
    return this.txs.some((tx) => tx.hash === hash);
  }

  drain(): ParsedTx[] {
    const txs = this.txs;
    this.txs = [];
    this.pending.clear();
    return txs;
  }

  get size(): number {
    return this.txs.length;
  }

  get bytes(): number {
    return this.txs.reduce((sum, tx) => sum + tx.bytes.length, 0);
  }
}
