// Test helper: signs devnet transactions of any message type with the devnet's own keys, broadcasts them and builds the block.
import type { Devnet } from "./index.ts";
import type { TxMessage } from "./handlers.ts";
import { deriveAccounts, type AccountKey } from "./keys.ts";
import { signTx } from "./txbuild.ts";

const FRESH_INDEX = 400;
const FRESH_COUNT = 10;

export interface SubmitResult {
  code: number;
  codespace: string;
  log: string;
  height: number;
  events: { type: string; attributes: Record<string, string> }[];
}

export class Submitter {
  private readonly devnet: Devnet;
  private readonly url: string;
  private readonly keys = new Map<string, AccountKey>();

  constructor(devnet: Devnet, url: string) {
    this.devnet = devnet;
    this.url = url;
    for (const key of deriveAccounts(FRESH_INDEX + FRESH_COUNT)) this.keys.set(key.address, key);
  }

  /** Devnet-mnemonic accounts past the genesis ones: nobody else signs for them and they start unregistered. */
  fresh(n: number): string {
    return [...this.keys.values()][FRESH_INDEX + n].address;
  }

  async rpc(method: string, params: Record<string, unknown> = {}): Promise<any> {
    const response = await fetch(this.url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
    return ((await response.json()) as { result: any }).result;
  }

  /** Broadcasts one transaction per entry (signed in order), makes the next block and returns their results. */
  async block(...txs: { signer: string; messages: TxMessage[] }[]): Promise<SubmitResult[]> {
    const sequences = new Map<string, number>();
    const hashes: string[] = [];
    for (const { signer, messages } of txs) {
      const account = this.devnet.state.account(signer)!;
      const sequence = sequences.get(signer) ?? account.sequence;
      sequences.set(signer, sequence + 1);
      const signed = signTx(this.keys.get(signer)!, account.accountNumber, sequence, "axm-devnet-1", { messages, memo: "", fee: 12_500n, gasLimit: 500_000 });
      const answer = await this.rpc("broadcast_tx_sync", { tx: Buffer.from(signed.bytes).toString("base64") });
      if (answer.code !== 0) throw new Error(`CheckTx refused: ${answer.log}`);
      hashes.push(answer.hash);
    }
    await this.devnet.produceBlock();
    return Promise.all(hashes.map((hash) => this.result(hash)));
  }

  private async result(hash: string): Promise<SubmitResult> {
    const { height, tx_result: r } = await this.rpc("tx", { hash: Buffer.from(hash, "hex").toString("base64") });
    const events = (r.events as { type: string; attributes: { key: string; value: string }[] }[]).map((e) => ({
      type: e.type,
      attributes: Object.fromEntries(e.attributes.map((a) => [a.key, a.value])),
    }));
    return { code: r.code, codespace: r.codespace, log: r.log, height: Number(height), events };
  }
}
