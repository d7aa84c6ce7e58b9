// The phone menu (SPEC.md §4): search, Blockchain links, Community Pool, the faucet, sign-in, the dark theme, language
// and network over the page; closes on navigation (the header does that), its close button, Escape and a swipe down.
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SearchBox } from "./search/SearchBox.tsx";
import { BlockchainLinks } from "./BlockchainLinks.tsx";
import { LanguageChoices } from "./LanguageChoices.tsx";
import { NetworkChoices } from "./NetworkChoices.tsx";
import type { NetworkChoice } from "./networks.ts";
import { CommunityPool } from "./CommunityPool.tsx";
import { FaucetButton } from "./faucet/FaucetButton.tsx";
import { MenuAccount } from "./Account.tsx";
import { Logo } from "./Logo.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import { keepFocusInside, useBodyScrollLock } from "../components/modal.ts";
import { useSwipeToClose } from "../components/swipe-to-close.ts";
import { useDismiss } from "../components/useDismiss.ts";
import { MOBILE_QUERY, useMediaQuery } from "../components/useMediaQuery.ts";
import headerStyles from "./Header.module.css";
import styles from "./MobileMenu.module.css";

/** The menu is a phone's; a window widened past the breakpoint gets the desktop header instead. */
function useCloseOnDesktop(onClose: () => void): boolean {
  const mobile = useMediaQuery(MOBILE_QUERY);
  useEffect(() => {
    if (!mobile) onClose();
  }, [mobile, onClose]);
  return mobile;
}

export function MobileMenu({ networks, faucet, onClose }: { networks: NetworkChoice[]; faucet: boolean; onClose: () => void }) {
  const { t } = useTranslation("shell");
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useBodyScrollLock();
  const mobile = useCloseOnDesktop(onClose);
  useEffect(() => closeButton.current?.focus(), []);
  const escape = useCallback((reason: string) => reason === "escape" && onClose(), [onClose]);
  useDismiss(true, panel, escape);
  const swipe = useSwipeToClose(panel, onClose, { enabled: mobile, scroller: body });

  return (
    <div
      ref={panel}
      className={styles.menu}
      role="dialog"
      aria-modal="true"
      aria-label={t("menu.title")}
      onKeyDown={keepFocusInside(panel)}
      style={swipe.style}
      {...swipe.handlers}
    >
      <div className={styles.top}>
        <Logo />
        <button ref={closeButton} type="button" className={`${headerStyles.iconButton} ${styles.close}`} aria-label={t("menu.close")} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="m6 6 12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div ref={body} className={styles.body}>
        <SearchBox />
        <section className={styles.section}>
          <h2>{t("nav.blockchain")}</h2>
          <BlockchainLinks onChosen={onClose} />
        </section>
        <CommunityPool />
        {faucet ? <FaucetButton className={styles.action} /> : null}
        <MenuAccount />
        <ThemeToggle inMenu />
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
