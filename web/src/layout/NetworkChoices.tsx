// The network list (SPEC.md §2): available networks link to their explorer, the current one is marked, the rest are listed as unavailable.
import { useTranslation } from "react-i18next";
import type { NetworkChoice } from "./networks.ts";
import styles from "./ChoiceList.module.css";

export function NetworkChoices({ choices, onChosen }: { choices: NetworkChoice[]; onChosen?: () => void }) {
  const { t } = useTranslation("shell");
  return (
    <ul className={styles.list}>
      {choices.map((network) => (
        <li key={network.name}>
          {network.url ? (
            <a
              href={network.url}
              className={`${styles.item} ${network.current ? styles.current : ""}`}
              aria-current={network.current ? "true" : undefined}
              onClick={onChosen}
            >
              {network.name}
              {network.current ? <span className={styles.note}>{t("network.current")}</span> : null}
            </a>
          ) : (
            <span className={`${styles.item} ${styles.unavailable}`} aria-disabled="true">
              {network.name}
              <span className={styles.note}>{t("network.unavailable")}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
