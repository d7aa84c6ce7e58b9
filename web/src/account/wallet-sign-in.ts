// Sign-in with a Keplr or Leap wallet: the chain suggested to the wallet, then the API's challenge signed with ADR-036
// (signArbitrary) and exchanged for a token.
import type { WalletChainInfo } from "../api/types.ts";
import { api, type ApiClient } from "../api/client.ts";
import type { Session } from "./session.ts";

/** What Keplr and Leap return from signArbitrary: the amino StdSignature, keys in base64. */
export interface WalletSignature {
  pub_key: { type: string; value: string };
  signature: string;
}

/** The part of the Keplr and Leap extension APIs (window.keplr, window.leap) that sign-in uses. */
export interface CosmosWallet {
  /** Adds the chain to the wallet (asking the user the first time); a wallet that knows it already answers at once. */
  experimentalSuggestChain?(chainInfo: WalletChainInfo): Promise<void>;
  enable(chainId: string): Promise<void>;
  getKey(chainId: string): Promise<{ bech32Address: string }>;
  signArbitrary(chainId: string, signer: string, data: string): Promise<WalletSignature>;
}

declare global {
  interface Window {
    keplr?: CosmosWallet;
    leap?: CosmosWallet;
  }
}

export function findWallet(win: Window = window): CosmosWallet | null {
  return win.keplr ?? win.leap ?? null;
}

/** How a sign-in ended: the chain refused, the wallet's other failures (refused, locked, closed) and the API's are told apart. */
export type SignInResult =
  | { kind: "signed-in"; session: Session }
  | { kind: "no-wallet" }
  | { kind: "chain-refused"; error: unknown }
  | { kind: "wallet-failed"; error: unknown }
  | { kind: "token-failed"; error: unknown };

type AuthCalls = Pick<ApiClient, "authChallenge" | "authVerify">;

/**
 * Suggests `chain` first when there is one and the wallet can take it (an extension does not know a chain it was not
 * told about, and enable would fail), then signs as before. Nothing is stored unless the token comes back.
 */
export async function signInWithWallet(
  wallet: CosmosWallet | null,
  chainId: string,
  chain: WalletChainInfo | null,
  client: AuthCalls = api,
): Promise<SignInResult> {
  if (!wallet) return { kind: "no-wallet" };
  if (chain && wallet.experimentalSuggestChain) {
    try {
      await wallet.experimentalSuggestChain(chain);
    } catch (error) {
      return { kind: "chain-refused", error };
    }
  }
  let address: string;
  try {
    await wallet.enable(chainId);
    address = (await wallet.getKey(chainId)).bech32Address;
  } catch (error) {
    return { kind: "wallet-failed", error };
  }
  let challenge: string;
  try {
    challenge = (await client.authChallenge(address)).challenge;
  } catch (error) {
    return { kind: "token-failed", error };
  }
  let signed: WalletSignature;
  try {
    signed = await wallet.signArbitrary(chainId, address, challenge);
  } catch (error) {
    return { kind: "wallet-failed", error };
  }
  try {
    const answer = await client.authVerify({ address, challenge, pubkey: signed.pub_key.value, signature: signed.signature });
    return { kind: "signed-in", session: { token: answer.token, address: answer.address } };
  } catch (error) {
    return { kind: "token-failed", error };
  }
}
