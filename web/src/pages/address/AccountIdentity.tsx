// Who the account is: its avatar (or an exchange's logo), nickname, Premium or Confirmed badge and messenger link.
import { useTranslation } from "react-i18next";
import type { Referral } from "../../api/types.ts";
import { Avatar } from "./Avatar.tsx";
import { TelegramLink } from "./TelegramLink.tsx";
import styles from "./StatsCard.module.css";

export function AccountIdentity({ referral }: { referral: Referral | undefined }) {
  const { t } = useTranslation("address");
  const name = referral?.name ?? null;
  return (
    <span className={styles.identity}>
      {referral?.img ? <Avatar url={referral.img} name={name ?? referral._id.slice(4)} size={28} /> : null}
      <span className={styles.nickname}>{name ?? t("common:none")}</span>
      {referral?.premium ? <span className={`${styles.badge} ${styles.premium}`}>{t("badge.premium")}</span> : null}
      {referral?.confirmed_account ? <span className={styles.badge}>{t("badge.confirmed")}</span> : null}
      {referral?.telegram ? <TelegramLink handle={referral.telegram} /> : null}
    </span>
  );
}
