// First, previous, numbered pages with jumps, next, last (SPEC.md §4); previous/next do nothing at the ends.
import { useTranslation } from "react-i18next";
import { JUMP_OFFSET, clampPage, paginatorItems } from "./paginator-pages.ts";
import control from "./ControlButton.module.css";
import styles from "./Paginator.module.css";

export interface PaginatorProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

export function Paginator({ page, totalPages, onChange }: PaginatorProps) {
  const { t } = useTranslation();
  const total = Math.max(1, totalPages);
  const current = clampPage(page, total);
  const go = (target: number) => {
    const next = clampPage(target, total);
    if (next !== current) onChange(next);
  };
  const atStart = current === 1;
  const atEnd = current === total;
  return (
    <nav className={styles.paginator} aria-label={t("paginator.label")}>
      <button type="button" className={buttonClass(styles.edge)} onClick={() => go(1)} aria-disabled={atStart} aria-label={t("paginator.first")}>
        «
      </button>
      <button type="button" className={buttonClass(styles.edge)} onClick={() => go(current - 1)} aria-disabled={atStart} aria-label={t("paginator.previous")}>
        ‹
      </button>
      {paginatorItems(current, total).map((item) =>
        item.kind === "page" ? (
          <button
            key={`p${item.page}`}
            type="button"
            className={buttonClass(item.current ? styles.current : styles.number)}
            aria-current={item.current ? "page" : undefined}
            aria-label={t("paginator.page", { page: item.page })}
            onClick={() => go(item.page)}
          >
            {item.page}
          </button>
        ) : (
          <button
            key={`j${item.direction}`}
            type="button"
            className={buttonClass(styles.jump)}
            aria-label={t(item.direction === "back" ? "paginator.jumpBack" : "paginator.jumpForward", { count: JUMP_OFFSET })}
            onClick={() => go(item.page)}
          >
            …
          </button>
        ),
      )}
      <button type="button" className={buttonClass(styles.edge)} onClick={() => go(current + 1)} aria-disabled={atEnd} aria-label={t("paginator.next")}>
        ›
      </button>
      <button type="button" className={buttonClass(styles.edge)} onClick={() => go(total)} aria-disabled={atEnd} aria-label={t("paginator.last")}>
        »
      </button>
    </nav>
  );
}

function buttonClass(kind: string): string {
  return `${control.control} ${kind}`;
}
