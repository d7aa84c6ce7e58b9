// Sign-in with a Keplr or Leap extension, as the sign-in popup runs it: the wallet flow and its toasts (SPEC.md §8).
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { INFO_TOAST_MS, useToast } from "../components/toast/toast-context.ts";
import { useAppConfig } from "../site/app-config.ts";
import { saveSession } from "./session.ts";
import { findWallet, signInWithWallet } from "./wallet-sign-in.ts";

/** Long enough to read which wallet to install. */
const NO_WALLET_TOAST_MS = 6_000;

export interface SignIn {
  pending: boolean;
  /** The extension flow (Keplr or Leap); true once signed in. Nothing happens before the chain id is known. */
  signIn: () => Promise<boolean>;
}

export function useSignIn(): SignIn {
  const { t } = useTranslation("account");
  const toast = useToast();
  const config = useAppConfig().data;
  const chainId = config?.chainId ?? null;
  const walletChain = config?.walletChain ?? null;
  const [pending, setPending] = useState(false);

  const signIn = useCallback(async () => {
    if (!chainId) return false;
    setPending(true);
    const result = await signInWithWallet(findWallet(), chainId, walletChain);
    setPending(false);
    switch (result.kind) {
      case "signed-in":
        saveSession(result.session);
        return true;
      case "no-wallet":
        toast.show(t("noWallet"), { tone: "info", durationMs: NO_WALLET_TOAST_MS });
        break;
      case "chain-refused":
        console.warn("sign-in: the wallet did not add the chain", result.error);
        toast.show(t("chainRefused"), { tone: "info", durationMs: NO_WALLET_TOAST_MS });
        break;
      case "wallet-failed":
        console.warn("sign-in: the wallet failed", result.error);
        toast.show(t("walletFailed"), { tone: "info", durationMs: INFO_TOAST_MS });
        break;
      case "token-failed":
        console.error("sign-in: no token", result.error);
        toast.show(t("tokenError"), { tone: "info", durationMs: INFO_TOAST_MS });
        break;
    }
    return false;
  }, [chainId, walletChain, t, toast]);

  return { pending, signIn };
}
