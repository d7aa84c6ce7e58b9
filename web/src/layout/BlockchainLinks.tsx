// The Blockchain menu's links (SPEC.md §2), shared by the header dropdown and the mobile menu.
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { routes } from "../routes.ts";
import styles from "./ChoiceList.module.css";

export function BlockchainLinks({ onChosen }: { onChosen?: () => void }) {
  const { t } = useTranslation("shell");
  const links = [
    { to: routes.home(), label: t("nav.blocks") },
    { to: routes.transactions(), label: t("nav.transactions") },
    { to: routes.validators(), label: t("nav.validators") },
    { to: routes.contracts(), label: t("nav.contracts") },
    { to: routes.governance(), label: t("nav.governance") },
    { to: routes.richList(), label: t("nav.richList") },
    { to: routes.charts(), label: t("nav.charts") },
  ];
  return (
    <ul className={styles.list}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end className={({ isActive }) => `${styles.item} ${isActive ? styles.current : ""}`} onClick={onChosen}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
