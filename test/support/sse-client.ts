// A minimal Server-Sent Events reader over node:http for tests and benchmarks: events as they arrive, and the raw text.
import { get, type IncomingHttpHeaders } from "node:http";

export interface SseEvent {
  event: string;
  data: string;
  /** performance.now() when the event arrived. */
  at: number;
}

export interface SseStream {
  status: number;
  headers: IncomingHttpHeaders;
  events: SseEvent[];
  /** Everything received, comments included. */
  text: () => string;
  /** Called with each event as it arrives. */
  onEvent: ((event: SseEvent) => void) | null;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` and reads it as an event stream (any status: a JSON error body is kept in text()). */
export function openSse(url: string): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { accept: "text/event-stream" } }, (response) => {
      let received = "";
      let pending = "";
      let finish: () => void = () => undefined;
      const stream: SseStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        text: () => received,
        onEvent: null,
        ended: new Promise<void>((done) => (finish = done)),
        close: () => request.destroy(),
      };
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        received += chunk;
        pending += chunk;
        const blocks = pending.split("\n\n");
        pending = blocks.pop() ?? "";
        for (const block of blocks) {
          const event = parseEvent(block);
          if (!event) continue;
          stream.events.push(event);
          stream.onEvent?.(event);
        }
      });
      response.on("end", finish);
      response.on("close", finish);
      resolve(stream);
    });
    request.on("error", reject);
  });
}

function parseEvent(block: string): SseEvent | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  return data.length === 0 ? null : { event, data: data.join("\n"), at: performance.now() };
}
