// The product mark and name, linking home.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { routes } from "../routes.ts";
import styles from "./Header.module.css";

export function Logo({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Link to={routes.home()} className={styles.logo} onClick={onClick}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#2f5bea" />
        <path d="M9 23 16 8l7 15h-3.4L16 15l-3.6 8z" fill="#fff" />
      </svg>
      <span>{t("appName")}</span>
    </Link>
  );
}
