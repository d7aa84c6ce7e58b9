// The chain as sign-in suggests it to a Keplr or Leap wallet (experimentalSuggestChain): the settings plus the chain's own facts.
import { ACCOUNT_PREFIX, VALCONS_PREFIX, VALOPER_PREFIX } from "../core/address.ts";
import { BASE_DENOM } from "../core/amount.ts";
import type { WalletChainSettings } from "./context.ts";
import type { WalletChainInfo } from "../shapes/service.ts";

/** AXM: 1 AXM = 10^6 uaxm (CHAIN.md "Identity"); it stakes, pays fees and is the main currency. */
const AXM = { coinDenom: "AXM", coinMinimalDenom: BASE_DENOM, coinDecimals: 6 };
/** The Cosmos coin type, with which the devnet's and cosmjs' keys are derived (m/44'/118'/…). */
const COIN_TYPE = 118;

export function walletChainInfo(chainId: string, settings: WalletChainSettings): WalletChainInfo {
  return {
    chainId,
    chainName: settings.chainName,
    rpc: settings.rpc,
    rest: settings.rest,
    bip44: { coinType: COIN_TYPE },
    bech32Config: {
      bech32PrefixAccAddr: ACCOUNT_PREFIX,
      bech32PrefixAccPub: `${ACCOUNT_PREFIX}pub`,
      bech32PrefixValAddr: VALOPER_PREFIX,
      bech32PrefixValPub: `${VALOPER_PREFIX}pub`,
      bech32PrefixConsAddr: VALCONS_PREFIX,
      bech32PrefixConsPub: `${VALCONS_PREFIX}pub`,
    },
    currencies: [AXM],
    feeCurrencies: [{ ...AXM, gasPriceStep: settings.gasPriceSteps }],
    stakeCurrency: AXM,
  };
}
