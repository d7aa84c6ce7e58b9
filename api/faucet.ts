// The faucet's sender: MsgSends from the faucet account signed with cosmjs and broadcast one at a time, so sequences follow
// each other; a broadcast whose outcome is unknown (a timeout) is settled on chain before anything is paid again.
import { sha256 } from "@cosmjs/crypto";
import { toHex } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { BroadcastTxError, calculateFee, GasPrice, SigningStargateClient, type StdFee } from "@cosmjs/stargate";
import { Comet38Client, HttpClient } from "@cosmjs/tendermint-rpc";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { ACCOUNT_PREFIX } from "../core/address.ts";

export interface FaucetOptions {
  /** CometBFT RPC of the node the payouts go to (the one the indexer follows). */
  rpcUrl: string;
  /** Mnemonic of the faucet account (its first key, m/44'/118'/0'/0/0). */
  mnemonic: string;
  /** uaxm paid per payout. */
  amount: string;
  /** Gas price such as 0.025uaxm. */
  gasPrice: string;
  /** Timeout of one node request. */
  timeoutMs: number;
  /** How long an unconfirmed payout is watched for before it counts as lost; default 60 s. */
  settleMs?: number;
}

/** The node certainly did not take the payout (it refused it, or could not be reached): nothing was sent. */
export class FaucetRefused extends Error {}

/**
 * The broadcast went out but its answer did not come back: the payout may still land. `landed` settles it from the
 * chain (the transaction found by hash, or the faucet's sequence moved past it).
 */
export class FaucetUnsettled extends Error {
  constructor(
    readonly hash: string,
    readonly landed: Promise<boolean>,
  ) {
    super(`faucet payout ${hash} not confirmed by the node`);
  }
}

const DEFAULT_SETTLE_MS = 60_000;
const SETTLE_POLL_MS = 1_000;
/** Errors of a request that never reached the node: nothing can have been broadcast. */
const UNSENT = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH/;

// A bank send needs well under this (the devnet simulates about 70,000); a fixed limit spares a simulation per payout.
const GAS_LIMIT = 200_000;
const MEMO = "faucet";

interface Sender {
  client: SigningStargateClient;
  address: string;
  chainId: string;
  accountNumber: bigint;
  /** The next sequence, counted here: the node's committed one lags behind payouts still in its mempool. */
  sequence: number;
}

export class Faucet {
  private readonly fee: StdFee;
  private wallet: Promise<DirectSecp256k1HdWallet> | null = null;
  private sender: Sender | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** The settlement of a payout whose outcome is unknown: no payout is signed until it is known. */
  private unsettled: Promise<boolean> | null = null;

  constructor(private readonly options: FaucetOptions) {
    this.fee = calculateFee(GAS_LIMIT, GasPrice.fromString(options.gasPrice));
  }

  /**
   * Pays the recipient; resolves with the transaction hash once the node has accepted it. Rejects with FaucetRefused
   * when nothing was sent, and FaucetUnsettled when the payout may still land.
   */
  pay(recipient: string): Promise<string> {
    const paying = this.queue.then(() => this.broadcast(recipient));
    this.queue = paying.catch(() => undefined);
    return paying;
  }

  close(): void {
    this.sender?.client.disconnect();
    this.sender = null;
  }

  private async broadcast(recipient: string): Promise<string> {
    if (this.unsettled) throw new FaucetRefused("an earlier payout is not settled yet");
    let sender: Sender;
    let bytes: Uint8Array;
    try {
      sender = this.sender ??= await this.connect();
      const send = {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: { fromAddress: sender.address, toAddress: recipient, amount: [{ denom: "uaxm", amount: this.options.amount }] },
      };
      const signerData = { accountNumber: sender.accountNumber, sequence: sender.sequence, chainId: sender.chainId };
      bytes = TxRaw.encode(await sender.client.sign(sender.address, [send], this.fee, MEMO, signerData)).finish();
    } catch (error) {
      this.close();
      throw new FaucetRefused(String(error));
    }
    // The hash is known before the broadcast: whatever happens to the answer, the payout can be looked up.
    const hash = toHex(sha256(bytes)).toUpperCase();
    try {
      await sender.client.broadcastTxSync(bytes);
      sender.sequence++;
      return hash;
    } catch (error) {
      // The node may be down, or the account's sequence moved without us: everything is read again next time.
      this.close();
      if (error instanceof BroadcastTxError || UNSENT.test(String((error as Error).message ?? error))) throw new FaucetRefused(String(error));
      const landed = this.settle(hash, sender);
      this.unsettled = landed;
      void landed.finally(() => (this.unsettled = null));
      throw new FaucetUnsettled(hash, landed);
    }
  }

  /**
   * Watches the chain for a payout whose broadcast answer was lost: landed once the transaction is found by hash or
   * the faucet's committed sequence passed the one it used (only the faucet signs for its account); lost once
   * neither happened within the settle time. A node that does not answer counts as not yet known.
   */
  private async settle(hash: string, sender: Sender): Promise<boolean> {
    const used = sender.sequence;
    const deadline = Date.now() + (this.options.settleMs ?? DEFAULT_SETTLE_MS);
    const client = SigningStargateClient.createWithSigner(
      Comet38Client.create(new HttpClient(this.options.rpcUrl, this.options.timeoutMs)),
      await this.wallet!,
    );
    try {
      for (;;) {
        try {
          if ((await client.getTx(hash)) !== null || (await client.getSequence(sender.address)).sequence > used) return true;
        } catch {
          // Not known yet: ask again.
        }
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      }
    } finally {
      client.disconnect();
    }
  }

  private async connect(): Promise<Sender> {
    const wallet = await (this.wallet ??= DirectSecp256k1HdWallet.fromMnemonic(this.options.mnemonic, { prefix: ACCOUNT_PREFIX }));
    const [{ address }] = await wallet.getAccounts();
    const client = SigningStargateClient.createWithSigner(Comet38Client.create(new HttpClient(this.options.rpcUrl, this.options.timeoutMs)), wallet);
    try {
      const [chainId, { accountNumber, sequence }] = await Promise.all([client.getChainId(), client.getSequence(address)]);
      return { client, address, chainId, accountNumber, sequence };
    } catch (error) {
      client.disconnect();
      throw error;
    }
  }
}
