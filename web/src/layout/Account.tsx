// The sign-in control (SPEC.md §6): Sign in opens the sign-in popup (Keplr or Leap, or Axiome Wallet by deep link or QR);
// once signed in, the short address and Sign out. The header shows it as a tool, the phone menu as a section. Focus stays
// on the control as it turns from one to the other.
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { shortenAddress } from "../../../core/format.ts";
import { forgetSession, useSession } from "../account/session.ts";
import { useAppConfig } from "../site/app-config.ts";
import { Dropdown } from "../components/Dropdown.tsx";
import choiceStyles from "./ChoiceList.module.css";
import headerStyles from "./Header.module.css";
import menuStyles from "./MobileMenu.module.css";

const SignInDialog = lazy(() => import("../account/SignInDialog.tsx"));

/**
 * Who is signed in, whether signing in is possible yet (the wallets are asked for the chain, whose id comes with the
 * configuration), and signing out. The sign-in flows themselves load with the popup.
 */
function useAccount() {
  const session = useSession();
  const available = Boolean(useAppConfig().data?.chainId);
  const signOut = useCallback(() => forgetSession(), []);
  return { session, available, signOut };
}

/** After signing in or out the control's button is another one: focus moves to it instead of being lost. */
function useFocusAcrossSignIn(signedIn: boolean) {
  const root = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    root.current?.querySelector("button")?.focus();
  }, [signedIn]);
  /** `on`: the next change between signed in and out moves focus to the control; false takes that back. */
  const keepFocus = useCallback((on = true) => {
    moveFocus.current = on;
  }, []);
  return { root, keepFocus };
}

/** A button of the control: it keeps focus on the control, which turns into another one once the action is done. */
function SessionButton({ className, label, run, keepFocus }: { className: string; label: string; run: () => void; keepFocus: () => void }) {
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        keepFocus();
        run();
      }}
    >
      {label}
    </button>
  );
}

/**
 * Sign in: opens the popup, whose code (and the QR library) loads on first use. Signed in, the control that replaces
 * this button takes focus (the session is stored before the popup hears of it); closed, focus comes back here.
 */
function SignInButton({ className, keepFocus }: { className: string; keepFocus: (on?: boolean) => void }) {
  const { t } = useTranslation("account");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    keepFocus(false);
    setOpen(false);
    button.current?.focus();
  }, [keepFocus]);
  const signedIn = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          keepFocus();
          setOpen(true);
        }}
      >
        {t("signIn")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SignInDialog onClose={close} onSignedIn={signedIn} />
        </Suspense>
      ) : null}
    </>
  );
}

export function HeaderAccount() {
  const { t } = useTranslation("account");
  const { session, available, signOut } = useAccount();
  const { root, keepFocus } = useFocusAcrossSignIn(session !== null);

  if (session) {
    return (
      <div ref={root}>
        <Dropdown
          label={
            <>
              <span className="visually-hidden">{t("signedIn")} </span>
              <span className="mono">{shortenAddress(session.address, "header")}</span>
            </>
          }
          align="end"
          buttonClassName={headerStyles.toolButton}
          panelClassName={headerStyles.toolPanel}
        >
          {() => (
            <div className={headerStyles.accountPanel}>
              <p className={`${headerStyles.accountAddress} mono`}>{session.address}</p>
              <SessionButton className={choiceStyles.item} label={t("signOut")} run={signOut} keepFocus={keepFocus} />
            </div>
          )}
        </Dropdown>
      </div>
    );
  }
  if (!available) return null;
  return (
    <div ref={root}>
      <SignInButton className={headerStyles.signIn} keepFocus={keepFocus} />
    </div>
  );
}

export function MenuAccount() {
  const { t } = useTranslation("account");
  const { session, available, signOut } = useAccount();
  const { root, keepFocus } = useFocusAcrossSignIn(session !== null);
  if (!session && !available) return null;
  return (
    <section className={menuStyles.section}>
      <h2>{t("title")}</h2>
      <div ref={root} className={menuStyles.account}>
        {session ? (
          <>
            <p className={menuStyles.accountAddress}>
              {t("signedIn")} <span className="mono">{session.address}</span>
            </p>
            <SessionButton className={menuStyles.action} label={t("signOut")} run={signOut} keepFocus={keepFocus} />
          </>
        ) : (
          <SignInButton className={`${menuStyles.action} ${menuStyles.primary}`} keepFocus={keepFocus} />
        )}
      </div>
    </section>
  );
}
