// The faucet's sender: MsgSends from the faucet account signed with cosmjs and broadcast one at a time, so sequences follow each other.
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { calculateFee, GasPrice, SigningStargateClient, type StdFee } from "@cosmjs/stargate";
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
}

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

  constructor(private readonly options: FaucetOptions) {
    this.fee = calculateFee(GAS_LIMIT, GasPrice.fromString(options.gasPrice));
  }

  /** Pays the recipient; resolves with the transaction hash once the node has accepted it, rejects when it could not. */
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
    try {
      const sender = (this.sender ??= await this.connect());
      const send = {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: { fromAddress: sender.address, toAddress: recipient, amount: [{ denom: "uaxm", amount: this.options.amount }] },
      };
      const signerData = { accountNumber: sender.accountNumber, sequence: sender.sequence, chainId: sender.chainId };
      const signed = await sender.client.sign(sender.address, [send], this.fee, MEMO, signerData);
      const hash = await sender.client.broadcastTxSync(TxRaw.encode(signed).finish());
      sender.sequence++;
      return hash;
    } catch (error) {
      // The node may be down, or the account's sequence moved without us: everything is read again next time.
      this.close();
      throw error;
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
