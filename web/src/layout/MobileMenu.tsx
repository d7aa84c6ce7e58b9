// The phone menu (SPEC.md §4): search, Blockchain links, Community Pool, language and network over the page; closes on
// navigation (the header does that), its close button and Escape.
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { SearchBox } from "./search/SearchBox.tsx";
import { BlockchainLinks } from "./BlockchainLinks.tsx";
import { LanguageChoices } from "./LanguageChoices.tsx";
import { NetworkChoices } from "./NetworkChoices.tsx";
import type { NetworkChoice } from "./networks.ts";
import { CommunityPool } from "./CommunityPool.tsx";
import { Logo } from "./Logo.tsx";
import { useDismiss } from "../components/useDismiss.ts";
import { MOBILE_QUERY, useMediaQuery } from "../components/useMediaQuery.ts";
import headerStyles from "./Header.module.css";
import styles from "./MobileMenu.module.css";

/** The page under the menu must not scroll while the menu covers it. */
function useBodyScrollLock(): void {
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
}

/** The menu is a phone's; a window widened past the breakpoint gets the desktop header instead. */
function useCloseOnDesktop(onClose: () => void): void {
  const mobile = useMediaQuery(MOBILE_QUERY);
  useEffect(() => {
    if (!mobile) onClose();
  }, [mobile, onClose]);
}

/** Tab and Shift+Tab cycle inside the menu, as in any modal dialog, instead of reaching the page under it. */
function keepFocusInside(panel: RefObject<HTMLElement | null>) {
  return (event: KeyboardEvent) => {
    if (event.key !== "Tab" || !panel.current) return;
    const focusable = panel.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input");
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}

export function MobileMenu({ networks, onClose }: { networks: NetworkChoice[]; onClose: () => void }) {
  const { t } = useTranslation("shell");
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useBodyScrollLock();
  useCloseOnDesktop(onClose);
  useEffect(() => closeButton.current?.focus(), []);
  const escape = useCallback((reason: string) => reason === "escape" && onClose(), [onClose]);
  useDismiss(true, panel, escape);

  return (
    <div ref={panel} className={styles.menu} role="dialog" aria-modal="true" aria-label={t("menu.title")} onKeyDown={keepFocusInside(panel)}>
      <div className={styles.top}>
        <Logo />
        <button ref={closeButton} type="button" className={`${headerStyles.iconButton} ${styles.close}`} aria-label={t("menu.close")} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.body}>
        <SearchBox />
        <section className={styles.section}>
          <h2>{t("nav.blockchain")}</h2>
          <BlockchainLinks onChosen={onClose} />
        </section>
        <CommunityPool />
        <section className={styles.section}>
          <h2>{t("language.label")}</h2>
          <LanguageChoices columns={2} />
        </section>
        <section className={styles.section}>
          <h2>{t("network.label")}</h2>
          <NetworkChoices choices={networks} />
        </section>
      </div>
    </div>
  );
}
