// /api/config as the devnet explorer answers it, for the tests of the shell, the site gate and sign-in.
import type { AppConfig } from "../api/types.ts";

export function configFixture(change: Partial<AppConfig> = {}): AppConfig {
  return {
    chainId: "axm-devnet-1",
    networks: [
      { name: "Mainnet", url: null, apiBase: null, available: false },
      { name: "Testnet", url: null, apiBase: null, available: false },
      { name: "Devnet", url: "/", apiBase: "/api", available: true },
    ],
    maintenance: false,
    allowedHosts: ["localhost", "127.0.0.1"],
    analyticsId: "",
    analyticsOrigin: "https://mc.yandex.ru",
    faucetEnabled: true,
    referralRoots: [],
    maintenanceChannels: { en: "https://t.me/axm_en", ru: "https://t.me/axm_ru", de: "https://t.me/axm_de" },
    ...change,
  };
}
