// A messenger link (https://t.me/{handle}): the API gives handles only to a signed-in Premium visitor (SPEC.md §6).
import { useTranslation } from "react-i18next";
import { telegramUrl } from "../../components/shortening.ts";
import styles from "./TelegramLink.module.css";

export function TelegramLink({ handle }: { handle: string }) {
  const { t } = useTranslation("address");
  const label = t("telegram", { handle: handle.replace(/^@/, "") });
  return (
    <a className={styles.link} href={telegramUrl(handle)} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path
          d="M3.6 7.8l7.6-3c.4-.1.7.1.6.6l-1.3 6c-.1.4-.4.5-.8.3l-2-1.5-1 .9c-.1.1-.2.2-.4.2l.1-2.1 3.8-3.4c.2-.2 0-.2-.2-.1L5.3 8.6l-2-.6c-.4-.1-.4-.4.3-.2z"
          fill="#fff"
        />
      </svg>
    </a>
  );
}
