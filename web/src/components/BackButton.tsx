// Back to where the visitor came from; to `fallback` when the screen was opened directly (no history in this app).
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import styles from "./BackButton.module.css";

/** React Router marks the first entry of a visit with this key. */
const FIRST_ENTRY_KEY = "default";

export function BackButton({ fallback }: { fallback: string }) {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    if (location.key === FIRST_ENTRY_KEY) void navigate(fallback);
    else void navigate(-1);
  };
  return (
    <button type="button" className={styles.back} onClick={back}>
      <span aria-hidden="true">←</span> {t("back")}
    </button>
  );
}
