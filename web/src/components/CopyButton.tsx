// Copies a value to the clipboard and confirms it for 1 s (SPEC.md §4); when copying fails, an alert says so (§8).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./CopyButton.module.css";

/** SPEC.md §9: the copy confirmation lasts 1 s. */
export const COPIED_MS = 1000;

async function writeToClipboard(value: string): Promise<void> {
  // Insecure origins and some embedded browsers have no clipboard API at all.
  if (!navigator.clipboard?.writeText) throw new Error("The clipboard API is not available");
  await navigator.clipboard.writeText(value);
}

/** `showLabel` writes the label beside the icon, for a toolbar where an icon alone would not say enough. */
export function CopyButton({ value, label, showLabel = false }: { value: string; label?: string; showLabel?: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await writeToClipboard(value);
    } catch {
      window.alert(t("copy.failed"));
      return;
    }
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  const name = label ?? t("copy.copy");
  return (
    <span className={styles.copy}>
      <button
        type="button"
        className={showLabel ? `${styles.button} ${styles.withLabel}` : styles.button}
        onClick={copy}
        aria-label={showLabel ? undefined : name}
        title={showLabel ? undefined : name}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
        {showLabel ? <span>{name}</span> : null}
      </button>
      <span className={copied ? styles.bubble : "visually-hidden"} role="status">
        {copied ? t("copy.copied") : ""}
      </span>
    </span>
  );
}

function CopyIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
