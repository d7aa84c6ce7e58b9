// The sign-in control's state and actions: the wallet flow, its toasts (SPEC.md §8), and signing out.
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { INFO_TOAST_MS, useToast } from "../components/toast/toast-context.ts";
import { useAppConfig } from "../site/app-config.ts";
import { forgetSession, saveSession, useSession, type Session } from "./session.ts";
import { findWallet, signInWithWallet } from "./wallet-sign-in.ts";

/** Long enough to read which wallet to install. */
const NO_WALLET_TOAST_MS = 6_000;

export interface SignIn {
  session: Session | null;
  /** False until the chain id is known: the wallet is asked for that chain. */
  available: boolean;
  pending: boolean;
  signIn: () => Promise<void>;
  signOut: () => void;
}

export function useSignIn(): SignIn {
  const { t } = useTranslation("account");
  const toast = useToast();
  const chainId = useAppConfig().data?.chainId ?? null;
  const session = useSession();
  const [pending, setPending] = useState(false);

  const signIn = useCallback(async () => {
    if (!chainId) return;
    setPending(true);
    const result = await signInWithWallet(findWallet(), chainId);
    setPending(false);
    switch (result.kind) {
      case "signed-in":
        saveSession(result.session);
        break;
      case "no-wallet":
        toast.show(t("noWallet"), { tone: "info", durationMs: NO_WALLET_TOAST_MS });
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
  }, [chainId, t, toast]);

  const signOut = useCallback(() => forgetSession(), []);
  return { session, available: chainId !== null, pending, signIn, signOut };
}
