// The toast API screens use: show a short message for a while (SPEC.md §8), through the provider the shell mounts.
import { createContext, useContext } from "react";

/** Grey for a rejected input, info for an answer worth telling (SPEC.md §8). */
export type ToastTone = "grey" | "info";

/** How long an info toast stays; long enough to read a short sentence, short enough not to cover the page. */
export const INFO_TOAST_MS = 3_000;

export interface ToastOptions {
  tone: ToastTone;
  durationMs: number;
}

export interface Toaster {
  show: (text: string, options: ToastOptions) => void;
}

export const ToastContext = createContext<Toaster | null>(null);

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error("useToast needs a <ToastProvider> above it");
  return toaster;
}
