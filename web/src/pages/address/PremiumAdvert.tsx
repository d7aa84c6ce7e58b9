// The Premium advertisement (SPEC.md §2, §5): over a Premium account, to a visitor without Premium, fading in after 0.5 s.
// Its room is kept from the start, so its arrival moves nothing.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./PremiumAdvert.module.css";

/** SPEC.md §9: the advertisement fades in after 500 ms. */
export const PREMIUM_ADVERT_DELAY_MS = 500;

export function PremiumAdvert() {
  const { t } = useTranslation("address");
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PREMIUM_ADVERT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <aside className={shown ? `${styles.advert} ${styles.shown}` : styles.advert} aria-label={t("advert.label")} aria-hidden={!shown} data-shown={shown}>
      <svg className={styles.icon} width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4z" fill="currentColor" />
      </svg>
      <p>
        <strong>{t("advert.title")}</strong> {t("advert.text")}
      </p>
    </aside>
  );
}
