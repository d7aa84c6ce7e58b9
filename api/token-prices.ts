// Token prices from configuration (TOKEN_PRICES in AXM, AXM_PRICE_USD): prices, holdings' values and market capitalisation.
// Amounts stay exact (BigInt over the decimal price) until a figure is handed out.

export interface PriceSettings {
  /** Price of one whole token in AXM, as decimal text, by contract address. */
  tokens: Record<string, string>;
  /** Price of one AXM in US dollars as decimal text; empty when none is known. */
  axmUsd: string;
}

/** A decimal price as an integer over a power of ten. */
interface Fraction {
  units: bigint;
  scale: bigint;
}

const UAXM_PER_AXM = 1_000_000n;

function fraction(text: string): Fraction {
  const [whole, decimals = ""] = text.split(".");
  return { units: BigInt(whole + decimals), scale: 10n ** BigInt(decimals.length) };
}

function toNumber(f: Fraction): number {
  return Number(f.units) / Number(f.scale);
}

export class TokenPrices {
  private readonly tokens: Map<string, Fraction>;
  private readonly axmUsd: Fraction | null;

  constructor(settings: PriceSettings) {
    this.tokens = new Map(Object.entries(settings.tokens).map(([contract, price]) => [contract, fraction(price)]));
    this.axmUsd = settings.axmUsd ? fraction(settings.axmUsd) : null;
  }

  priceInAxm(contract: string): number | null {
    const price = this.tokens.get(contract);
    return price ? toNumber(price) : null;
  }

  priceInUsd(contract: string): number | null {
    const price = this.tokens.get(contract);
    return price && this.axmUsd ? toNumber(price) * toNumber(this.axmUsd) : null;
  }

  /** What `quantity` base units of a token with `decimals` are worth, in whole uaxm (rounded down), as text. */
  valueInUaxm(contract: string, quantity: bigint, decimals: number): string | null {
    const price = this.tokens.get(contract);
    if (!price) return null;
    return ((quantity * price.units * UAXM_PER_AXM) / (price.scale * 10n ** BigInt(decimals))).toString();
  }

  /** What `quantity` base units are worth in US dollars. */
  valueInUsd(contract: string, quantity: bigint, decimals: number): number | null {
    const usd = this.priceInUsd(contract);
    return usd === null ? null : (Number(quantity) / 10 ** decimals) * usd;
  }
}
