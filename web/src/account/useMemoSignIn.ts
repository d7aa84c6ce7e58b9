// Sign-in by memo transaction (Axiome Wallet, or any wallet): a one-time code for the typed address, then a poll until
// the wallet's transfer carrying it is indexed and the API gives the token, which is stored like any other session.
import { useCallback, useEffect, useRef, useState } from "react";
import type { MemoChallenge } from "../api/types.ts";
import { ApiRequestError, api, type ApiClient } from "../api/client.ts";
import { saveSession } from "./session.ts";

/** A poll every 4 s: about a block's time, and 15 a minute, under the default per-client sign-in limit of 20. */
export const MEMO_POLL_MS = 4000;

export type MemoSignIn =
  | { step: "address" }
  | { step: "requesting" }
  | { step: "waiting"; code: MemoChallenge }
  | { step: "signed-in" }
  | { step: "expired" }
  /** A transfer with the code came from another address, or the code was used: it is dead. */
  | { step: "refused"; address: string }
  | { step: "failed" };

type MemoCalls = Pick<ApiClient, "authMemoChallenge" | "authMemoPoll">;

export function useMemoSignIn(onSignedIn: () => void, client: MemoCalls = api, pollMs = MEMO_POLL_MS) {
  const [state, setState] = useState<MemoSignIn>({ step: "address" });
  // The latest callback, without restarting the poll when the caller renders a new one.
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  }, [onSignedIn]);

  const request = useCallback(
    async (address: string) => {
      setState({ step: "requesting" });
      try {
        setState({ step: "waiting", code: await client.authMemoChallenge(address) });
      } catch (error) {
        console.error("sign-in: no code", error);
        setState({ step: "failed" });
      }
    },
    [client],
  );

  const code = state.step === "waiting" ? state.code : null;
  useEffect(() => {
    if (!code) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const answer = await client.authMemoPoll(code.secret, controller.signal);
        if (answer.status === "signed-in") {
          saveSession({ token: answer.token, address: answer.address });
          setState({ step: "signed-in" });
          signedIn.current();
          return;
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.status === 410) return setState({ step: "expired" });
        if (error instanceof ApiRequestError && error.status === 401) return setState({ step: "refused", address: code.address });
        // A network fault, a busy API or its rate limit: the next poll tries again.
        console.warn("sign-in: poll failed", error);
      }
      timer = setTimeout(() => void poll(), pollMs);
    };
    timer = setTimeout(() => void poll(), pollMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [code, client, pollMs]);

  const restart = useCallback(() => setState({ step: "address" }), []);
  return { state, request, restart };
}
