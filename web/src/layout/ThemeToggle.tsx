// The dark theme switch: an icon button in the header, a labelled row in the phone menu. Pressed means dark.
import { useTranslation } from "react-i18next";
import { chooseTheme, useTheme } from "./theme.ts";
import styles from "./ThemeToggle.module.css";

export function ThemeToggle({ inMenu = false }: { inMenu?: boolean }) {
  const { t } = useTranslation("shell");
  const dark = useTheme() === "dark";
  const label = t("theme.dark");
  return (
    <button
      type="button"
      className={inMenu ? styles.row : styles.icon}
      aria-pressed={dark}
      aria-label={inMenu ? undefined : label}
      title={inMenu ? undefined : label}
      onClick={() => chooseTheme(dark ? "light" : "dark")}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {dark ? (
          <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2m0 16v2M2 12h2m16 0h2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </g>
        ) : (
          <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        )}
      </svg>
      {inMenu ? (
        <>
          <span className={styles.label}>{label}</span>
          <span className={styles.switch} aria-hidden="true" />
        </>
      ) : null}
    </button>
  );
}
