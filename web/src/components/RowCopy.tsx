// A hash or an address in a list row with its copy button beside it: on a desktop the button shows while the row is
// hovered or focused (and is reached by Tab all the same); on phones and touch screens, which have no hover, it always shows.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CopyButton } from "./CopyButton.tsx";
import styles from "./RowCopy.module.css";

export interface RowCopyProps {
  value: string;
  kind: "hash" | "address";
  /** Where the pair sits in its row's layout (a grid cell of a list's row). */
  className?: string;
  children: ReactNode;
}

export function RowCopy({ value, kind, className, children }: RowCopyProps) {
  const { t } = useTranslation("common");
  return (
    <span className={className ? `${styles.rowCopy} ${className}` : styles.rowCopy}>
      {children}
      <CopyButton value={value} label={kind === "hash" ? t("copy.hash") : t("copy.address")} />
    </span>
  );
}
