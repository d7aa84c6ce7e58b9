// The token's two cards (SPEC.md §2): information (symbol, name, address, creator and the three authorities) and market
// data (price in AXM, supplies, market cap, decimals, holders) with its social links.
import { useTranslation } from "react-i18next";
import { formatDecimal, formatInteger, formatTokenAmount, safeWebUrl } from "../../../../core/format.ts";
import type { Token, TokenLink } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { Card } from "../../components/Card.tsx";
import { CopyableHash, DetailFields } from "../../components/DetailFields.tsx";
import styles from "./TokenPage.module.css";

/** SPEC.md §2: the price in AXM shows up to 6 decimals. */
const PRICE_DECIMALS = 6;
const USD_DECIMALS = 2;

export function TokenInformation({ address, token }: { address: string; token: Token }) {
  const { t } = useTranslation("token");
  const authority = (value: string | null) => (value ? <AddressLink address={value} /> : t("common:none"));
  return (
    <Card>
      <h2 className={styles.cardHeading}>{t("information.heading")}</h2>
      <DetailFields
        fields={[
          { label: t("information.symbol"), value: token.data.symbol },
          { label: t("information.name"), value: token.data.name },
          { label: t("information.address"), value: <CopyableHash hash={address} copyLabel={t("copyAddress")} /> },
          { label: t("information.creator"), value: authority(token.details.creator) },
          { label: t("information.mint"), value: authority(token.details.mint_authority) },
          { label: t("information.marketing"), value: authority(token.details.marketing_authority) },
          { label: t("information.update"), value: authority(token.details.update_authority) },
        ]}
      />
    </Card>
  );
}

export function TokenMarket({ token }: { token: Token }) {
  const { t } = useTranslation("token");
  const { statistics: stats, data } = token;
  const amount = (raw: string) => t("amount", { amount: formatTokenAmount(raw, data.decimals), symbol: data.symbol });
  const links = token.links.flatMap((link) => {
    const url = safeWebUrl(link.url);
    return url ? [{ ...link, url }] : [];
  });
  return (
    <Card>
      <h2 className={styles.cardHeading}>{t("market.heading")}</h2>
      <DetailFields
        fields={[
          {
            label: t("market.price"),
            value: stats.priceInAxm === null ? t("common:none") : t("axm", { amount: formatDecimal(stats.priceInAxm, PRICE_DECIMALS) }),
          },
          { label: t("market.currentSupply"), value: amount(stats.currentSupply) },
          { label: t("market.maxSupply"), value: stats.maxSupply === null ? t("common:none") : amount(stats.maxSupply) },
          {
            label: t("market.marketCap"),
            value: stats.marketCapitalization === null ? t("common:none") : t("usd", { amount: formatDecimal(stats.marketCapitalization, USD_DECIMALS) }),
          },
          { label: t("market.decimals"), value: data.decimals },
          { label: t("market.holders"), value: formatInteger(stats.holders) },
          links.length > 0 ? { label: t("market.links"), value: <SocialLinks links={links} /> } : null,
        ]}
      />
    </Card>
  );
}

/** Project links, each opening in a new tab without handing the page over; only http(s) ones reach here. */
function SocialLinks({ links }: { links: TokenLink[] }) {
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.url}>
          <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" title={link.platform}>
            {link.title || link.url}
          </a>
        </li>
      ))}
    </ul>
  );
}
