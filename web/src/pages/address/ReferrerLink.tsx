// The referrer in the statistics card: its address shortened and linked, with its nickname and full address in a tooltip.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { shortenAddress } from "../../../../core/format.ts";
import { routes } from "../../routes.ts";
import { useTooltip } from "../../components/useTooltip.ts";
import { useReferrerInfo } from "./useAccountInfo.ts";
import styles from "./StatsCard.module.css";

export function ReferrerLink({ address }: { address: string }) {
  const { t } = useTranslation("address");
  const tip = useTooltip();
  const name = useReferrerInfo(address).data?.referral?.name ?? null;
  return (
    <span className={styles.referrer} {...tip.hover}>
      <Link to={routes.address(address)} className="mono" {...tip.trigger}>
        {shortenAddress(address)}
      </Link>
      <span role="tooltip" className={styles.tooltip} {...tip.tooltip}>
        {name ? t("referrerTip", { name, address }) : address}
      </span>
    </span>
  );
}
