// TanStack Query defaults: a request error from the API (4xx) is an answer, not a reason to retry.
import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "./api/client.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
