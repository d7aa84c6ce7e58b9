// The sign-in control (SPEC.md §6): Sign in with a Keplr or Leap wallet; once signed in, the short address and Sign out.
// The header shows it as a tool, the phone menu as a section. Focus stays on the control as it turns from one to the other.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { shortenAddress } from "../../../core/format.ts";
import { useSignIn } from "../account/useSignIn.ts";
import { Dropdown } from "../components/Dropdown.tsx";
import choiceStyles from "./ChoiceList.module.css";
import headerStyles from "./Header.module.css";
import menuStyles from "./MobileMenu.module.css";

/** After signing in or out the control's button is another one: focus moves to it instead of being lost. */
function useFocusAcrossSignIn(signedIn: boolean) {
  const root = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    root.current?.querySelector("button")?.focus();
  }, [signedIn]);
  return { root, keepFocus: () => (moveFocus.current = true) };
}

/** A button of the control: it keeps focus on the control, which turns into another one once the action is done. */
function SessionButton({
  className,
  busy,
  label,
  run,
  keepFocus,
}: {
  className: string;
  busy?: boolean;
  label: string;
  run: () => void;
  keepFocus: () => void;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-busy={busy}
      onClick={() => {
        keepFocus();
        run();
      }}
    >
      {label}
    </button>
  );
}

export function HeaderAccount() {
  const { t } = useTranslation("account");
  const { session, available, pending, signIn, signOut } = useSignIn();
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
      <SessionButton
        className={headerStyles.signIn}
        busy={pending}
        label={pending ? t("signingIn") : t("signIn")}
        run={() => void signIn()}
        keepFocus={keepFocus}
      />
    </div>
  );
}

export function MenuAccount() {
  const { t } = useTranslation("account");
  const { session, available, pending, signIn, signOut } = useSignIn();
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
          <SessionButton
            className={`${menuStyles.action} ${menuStyles.primary}`}
            busy={pending}
            label={pending ? t("signingIn") : t("signIn")}
            run={() => void signIn()}
            keepFocus={keepFocus}
          />
        )}
      </div>
    </section>
  );
}
