// The networks of the network dropdown, from the API's /config, checked before use (a malformed entry is left out).
import { api } from "../api/client.ts";
import type { AppConfig, Network } from "../api/types.ts";
import { useAppConfig } from "../site/app-config.ts";

export interface NetworkChoice {
  name: string;
  /** Where to go for it; null when it cannot be visited. */
  url: string | null;
  current: boolean;
}

function isNetwork(value: unknown): value is Network {
  const n = value as Network;
  return typeof n === "object" && n !== null && typeof n.name === "string" && (n.url === null || typeof n.url === "string");
}

/** Each network once; the current one is the one whose API base this app talks to. */
export function networkChoices(config: AppConfig | undefined, apiBase: string): NetworkChoice[] {
  const networks: unknown = config?.networks;
  return (Array.isArray(networks) ? networks : []).filter(isNetwork).map((network) => ({
    name: network.name,
    url: network.available && network.url ? network.url : null,
    current: network.apiBase === apiBase,
  }));
}

export function useNetworkChoices(): { choices: NetworkChoice[]; loading: boolean } {
  const config = useAppConfig();
  return { choices: networkChoices(config.data, api.baseUrl), loading: config.isPending };
}
