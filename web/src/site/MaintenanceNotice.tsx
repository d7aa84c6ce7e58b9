// Maintenance mode (SPEC.md §1): instead of the app, a notice that the mainnet is being prepared, with the news channels.
import { useTranslation } from "react-i18next";
import type { MaintenanceChannels } from "../api/types.ts";
import { usePageTitle } from "../components/usePageTitle.ts";
import { Logo } from "../layout/Logo.tsx";
import { channelLinks } from "./maintenance-channels.ts";
import styles from "./MaintenanceNotice.module.css";

export function MaintenanceNotice({ channels }: { channels: MaintenanceChannels | undefined }) {
  const { t } = useTranslation("maintenance");
  usePageTitle(t("title"));
  const links = channelLinks(channels);
  return (
    <main className={styles.page}>
      <section className={styles.notice}>
        <Logo />
        <h1>{t("title")}</h1>
        <p className={styles.text}>{t("text")}</p>
        {links.length > 0 ? (
          <>
            <p className={styles.text}>{t("follow")}</p>
            <ul className={styles.channels}>
              {links.map((link) => (
                <li key={link.language}>
                  <a href={link.url} hrefLang={link.language} target="_blank" rel="noopener noreferrer" className={styles.channel}>
                    {t(`channel.${link.language}`)}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </main>
  );
}
