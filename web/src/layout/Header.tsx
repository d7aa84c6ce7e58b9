// The header (SPEC.md §2): logo, search, Blockchain menu, Community Pool, the faucet, language, network and sign-in on
// desktop, on one row from 768 px in every language (narrower windows show the shorter forms of Header.module.css); on
// phones the logo, the menu button at the right edge and, except on home (which has its own), the search under them.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { routes } from "../routes.ts";
import { Dropdown, type DropdownProps } from "../components/Dropdown.tsx";
import { LANGUAGE_NAMES } from "../i18n/languages.ts";
import { SearchBox } from "./search/SearchBox.tsx";
import { BlockchainLinks } from "./BlockchainLinks.tsx";
import { LanguageChoices, useCurrentLanguage } from "./LanguageChoices.tsx";
import { NetworkChoices } from "./NetworkChoices.tsx";
import { useNetworkChoices } from "./networks.ts";
import { CommunityPool } from "./CommunityPool.tsx";
import { FaucetButton } from "./faucet/FaucetButton.tsx";
import { HeaderAccount } from "./Account.tsx";
import { useAppConfig } from "../site/app-config.ts";
import { MobileMenu } from "./MobileMenu.tsx";
import { Logo } from "./Logo.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import styles from "./Header.module.css";

export function Header() {
  const { t } = useTranslation("shell");
  const language = useCurrentLanguage();
  const networks = useNetworkChoices();
  const faucet = useAppConfig().data?.faucetEnabled === true;
  const currentNetwork = networks.choices.find((network) => network.current);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname, search]);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Logo />
        <div className={pathname === routes.home() ? `${styles.search} ${styles.homeSearch}` : styles.search}>
          <SearchBox />
        </div>
        <nav className={styles.tools} aria-label={t("nav.label")}>
          <ToolDropdown label={t("nav.blockchain")}>
            {(close) => (
              <>
                <BlockchainLinks onChosen={close} />
                <div className={styles.poolInMenu}>
                  <CommunityPool />
                </div>
              </>
            )}
          </ToolDropdown>
          <div className={styles.poolInBar}>
            <CommunityPool />
          </div>
          {faucet ? <FaucetButton className={styles.faucet} withIcon /> : null}
          <ToolDropdown
            label={
              <>
                <span className={styles.wide}>{LANGUAGE_NAMES[language]}</span>
                <span className={styles.narrow}>{language.toUpperCase()}</span>
              </>
            }
            buttonLabel={t("language.button", { language: LANGUAGE_NAMES[language] })}
            align="end"
          >
            {(close) => <LanguageChoices onChosen={close} />}
          </ToolDropdown>
          <ToolDropdown
            label={currentNetwork?.name ?? t("network.label")}
            buttonLabel={currentNetwork ? t("network.button", { network: currentNetwork.name }) : undefined}
            align="end"
          >
            {(close) => <NetworkChoices choices={networks.choices} onChosen={close} />}
          </ToolDropdown>
          <ThemeToggle />
          <HeaderAccount />
        </nav>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-label={t("menu.open")}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {menuOpen ? <MobileMenu networks={networks.choices} faucet={faucet} onClose={closeMenu} /> : null}
    </header>
  );
}

/** A dropdown in the header's tools, shaped like Community Pool beside it. */
function ToolDropdown(props: DropdownProps) {
  return <Dropdown {...props} buttonClassName={styles.toolButton} panelClassName={styles.toolPanel} />;
}
