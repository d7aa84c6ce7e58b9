// Live updates from GET /api/stream (API.md): one EventSource per stream address, shared by every hook of the page.
// Pages feed the events to TanStack Query and poll as before while the stream is not live (failed or unsupported).
import { useEffect, useRef, useState } from "react";
import { api } from "./client.ts";

export interface LiveBlock {
  height: number;
  time: string;
  txs: number;
  proposer: string;
}

export interface LiveTx {
  hash: string;
  height: number;
  types: string[];
  /** 0 success, 1 failed. */
  status: 0 | 1;
  addresses: string[];
}

export interface LiveHandlers {
  onBlock?: (block: LiveBlock) => void;
  onTx?: (tx: LiveTx) => void;
}

/** After the server refuses or ends a stream for good (a 503 when full, an error answer), a new one is tried this much later. */
export const REOPEN_MS = 30_000;

interface Listener {
  handlers: { current: LiveHandlers };
  setLive: (live: boolean) => void;
}

/** One connection and everyone listening to it. */
interface SharedStream {
  listeners: Set<Listener>;
  source: EventSource | null;
  live: boolean;
  reopen: ReturnType<typeof setTimeout> | undefined;
}

const streams = new Map<string, SharedStream>();

function isLiveBlock(value: unknown): value is LiveBlock {
  const block = value as LiveBlock;
  return typeof block === "object" && block !== null && Number.isSafeInteger(block.height) && typeof block.time === "string" && typeof block.txs === "number";
}

function isLiveTx(value: unknown): value is LiveTx {
  const tx = value as LiveTx;
  return (
    typeof tx === "object" &&
    tx !== null &&
    typeof tx.hash === "string" &&
    Number.isSafeInteger(tx.height) &&
    Array.isArray(tx.types) &&
    Array.isArray(tx.addresses)
  );
}

/** The event's JSON when it has the expected shape; anything else is dropped, not passed on. */
function parse<T>(event: Event, check: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = JSON.parse((event as MessageEvent<string>).data);
    return check(value) ? value : null;
  } catch {
    return null;
  }
}

function setLive(shared: SharedStream, live: boolean): void {
  shared.live = live;
  shared.listeners.forEach((listener) => listener.setLive(live));
}

function open(url: string, shared: SharedStream): void {
  // Without EventSource the pages simply keep polling.
  if (typeof EventSource === "undefined") return;
  const source = new EventSource(url);
  shared.source = source;
  source.onopen = () => setLive(shared, true);
  source.onerror = () => {
    setLive(shared, false);
    // A dropped connection is retried by EventSource itself; a refused one is closed, and tried again later here.
    if (source.readyState !== EventSource.CLOSED) return;
    shared.source = null;
    shared.reopen = setTimeout(() => open(url, shared), REOPEN_MS);
  };
  source.addEventListener("block", (event) => {
    const block = parse(event, isLiveBlock);
    if (block) shared.listeners.forEach((listener) => listener.handlers.current.onBlock?.(block));
  });
  source.addEventListener("tx", (event) => {
    const tx = parse(event, isLiveTx);
    if (tx) shared.listeners.forEach((listener) => listener.handlers.current.onTx?.(tx));
  });
}

function subscribe(url: string, listener: Listener): () => void {
  let shared = streams.get(url);
  if (!shared) {
    shared = { listeners: new Set(), source: null, live: false, reopen: undefined };
    streams.set(url, shared);
    open(url, shared);
  }
  shared.listeners.add(listener);
  listener.setLive(shared.live);
  const joined = shared;
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0) return;
    joined.source?.close();
    clearTimeout(joined.reopen);
    streams.delete(url);
  };
}

/** The stream's address: every event, or only those naming `address`. */
export function streamUrl(address?: string): string {
  return address ? `${api.baseUrl}/stream?address=${encodeURIComponent(address)}` : `${api.baseUrl}/stream`;
}

/**
 * Calls the handlers with every event of the stream (filtered by `address` when given); true while the stream is live,
 * false while it connects, failed or is not supported: then the page polls.
 */
export function useLiveUpdates(handlers: LiveHandlers, address?: string): boolean {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  const [live, setLiveState] = useState(false);
  const url = streamUrl(address);
  useEffect(() => subscribe(url, { handlers: current, setLive: setLiveState }), [url]);
  return live;
}
