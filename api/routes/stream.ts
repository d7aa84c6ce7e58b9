// The live-update stream of API.md ("Live updates"): Server-Sent Events of every block and transaction the index writes.
import type { FastifyInstance } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Type from "typebox";
import type { LiveFeed } from "../live-feed.ts";
import { parseAddress } from "../params.ts";
import { answers } from "../../shapes/common.ts";
import { StreamQuery } from "../../shapes/chain.ts";

export function streamRoutes(server: FastifyInstance, feed: LiveFeed): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/stream",
    {
      schema: {
        tags: ["live"],
        summary:
          "Server-Sent Events: `block` and `tx` for every block the index writes, optionally only those naming `address`; a heartbeat comment every 15 s",
        querystring: StreamQuery,
        response: answers(Type.String(), 400, 503),
      },
    },
    async (request, reply) => {
      // Checked before anything is streamed, so a bad address is a plain JSON 400.
      const address = request.query.address === undefined ? null : parseAddress(request.query.address);
      const stream = feed.open(address);
      return (
        reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("cache-control", "no-cache")
          // nginx and similar proxies would otherwise hold events back to fill their buffers.
          .header("x-accel-buffering", "no")
          // The connection ends with the stream, so a closing server has no kept-alive socket left to wait for.
          .header("connection", "close")
          .send(stream)
      );
    },
  );
}
