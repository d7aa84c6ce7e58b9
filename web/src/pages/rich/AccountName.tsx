// Who holds an account of the rich list: an exchange's logo and name, a module account's or the explorer's own service
// wallet's name, or the owner's nickname.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RichAccount } from "../../api/types.ts";
import styles from "./RichListPage.module.css";

const LOGO_SIZE = 20;

export function AccountName({ account }: { account: RichAccount }) {
  const { t } = useTranslation("rich");
  if (account.module !== null) {
    return (
      <span className={styles.identity}>
        <span className={styles.name}>{t(`module.${account.module}`)}</span>
        <span className={styles.badge}>{t("badge.module")}</span>
      </span>
    );
  }
  if (account.service !== null) {
    return (
      <span className={styles.identity}>
        <span className={styles.name}>{t(`service.${account.service}`)}</span>
        <span className={styles.badge}>{t("badge.service")}</span>
      </span>
    );
  }
  if (account.name === null) return <span className={styles.none}>{t("common:none")}</span>;
  return (
    <span className={styles.identity}>
      {account.exchange && account.img ? <Logo url={account.img} /> : null}
      <span className={styles.name} title={account.name}>
        {account.name}
      </span>
      {account.exchange ? <span className={styles.badge}>{t("badge.exchange")}</span> : null}
    </span>
  );
}

/** Decorative: the exchange's name is written beside it; a logo that does not load leaves its room empty. */
function Logo({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span className={styles.logo} aria-hidden="true" />;
  return <img className={styles.logo} src={url} alt="" width={LOGO_SIZE} height={LOGO_SIZE} loading="lazy" onError={() => setBroken(true)} />;
}
