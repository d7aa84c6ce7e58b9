// The API's /config, read once a visit and shared: networks, maintenance, own domains, analytics, faucet, chain id.
import { queryOptions, useQuery, type UseQueryResult } from "@tanstack/react-query";
import { api } from "../api/client.ts";
import type { AppConfig } from "../api/types.ts";

export const appConfigQuery = queryOptions({ queryKey: ["config"], queryFn: ({ signal }) => api.config(signal), staleTime: Infinity });

export function useAppConfig(): UseQueryResult<AppConfig> {
  return useQuery(appConfigQuery);
}
