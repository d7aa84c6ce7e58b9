// One cache entry per CW-20 token (GET /cw20/token/{address}), shared by the Token screen, a contract's token link and the
// transfers summarised on a transaction's Message tab. A token's name, symbol and decimals seldom change.
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

const TOKEN_STALE_MS = 60_000;

export function tokenQuery(address: string) {
  return queryOptions({
    queryKey: ["token", address],
    queryFn: ({ signal }) => api.cw20Token(address, signal),
    staleTime: TOKEN_STALE_MS,
  });
}

