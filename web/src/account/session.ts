// Who is signed in: the bearer token (which the API client sends with every call) and its address, kept in localStorage.
import { useEffect, useSyncExternalStore } from "react";
import { AUTH_TOKEN_KEY, ApiRequestError, api } from "../api/client.ts";
import { storePremiumFlag } from "./premium-flag.ts";

export const AUTH_ADDRESS_KEY = "authAddress";

export interface Session {
  token: string;
  address: string;
}

const listeners = new Set<() => void>();
let last: Session | null = null;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored session, the same object while it is unchanged (as useSyncExternalStore needs). */
function storedSession(): Session | null {
  const token = read(AUTH_TOKEN_KEY);
  const address = read(AUTH_ADDRESS_KEY);
  if (!token || !address) return null;
  if (last?.token !== token || last.address !== address) last = { token, address };
  return last;
}

function changed(): void {
  listeners.forEach((listener) => listener());
}

export function saveSession(session: Session): void {
  try {
    localStorage.setItem(AUTH_TOKEN_KEY, session.token);
    localStorage.setItem(AUTH_ADDRESS_KEY, session.address);
  } catch {
    // Private modes may refuse storage; the visitor then stays anonymous.
  }
  changed();
}

/** Signs out; with `token`, only while that token is still the stored one (a late answer must not end a newer session). */
export function forgetSession(token?: string): void {
  if (token !== undefined && read(AUTH_TOKEN_KEY) !== token) return;
  try {
    localStorage.removeItem(AUTH_TOKEN_KEY);
    localStorage.removeItem(AUTH_ADDRESS_KEY);
  } catch {
    // Nothing was stored then.
  }
  storePremiumFlag(false);
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another tab changes this one too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, storedSession);
}

/**
 * A stored token the API no longer accepts (expired, or signed with another secret) is forgotten; an accepted one
 * tells whether the account has Premium, which the browser remembers (the premium flag).
 */
export function useSessionCheck(): void {
  const token = useSession()?.token;
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api
      .authMe(controller.signal)
      .then((me) => storePremiumFlag(me.premium))
      .catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) forgetSession(token);
      });
    return () => controller.abort();
  }, [token]);
}
