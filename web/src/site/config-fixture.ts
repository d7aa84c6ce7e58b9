// /api/config as the devnet explorer answers it, for the tests of the shell, the site gate and sign-in.
import type { AppConfig, WalletChainInfo } from "../api/types.ts";

const AXM = { coinDenom: "AXM", coinMinimalDenom: "uaxm", coinDecimals: 6 };

/** The chain sign-in suggests to Keplr or Leap, as the devnet explorer gives it. */
export const WALLET_CHAIN_FIXTURE: WalletChainInfo = {
  chainId: "axm-devnet-1",
  chainName: "AXM devnet",
  rpc: "http://localhost:26657",
  rest: "http://localhost:26657",
  bip44: { coinType: 118 },
  bech32Config: {
    bech32PrefixAccAddr: "axm",
    bech32PrefixAccPub: "axmpub",
    bech32PrefixValAddr: "axmvaloper",
    bech32PrefixValPub: "axmvaloperpub",
    bech32PrefixConsAddr: "axmvalcons",
    bech32PrefixConsPub: "axmvalconspub",
  },
  currencies: [AXM],
  feeCurrencies: [{ ...AXM, gasPriceStep: { low: 0.025, average: 0.03, high: 0.04 } }],
  stakeCurrency: AXM,
};

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
    walletChain: WALLET_CHAIN_FIXTURE,
    ...change,
  };
}
