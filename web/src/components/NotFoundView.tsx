// The 404 view: a large "404", what was not found, and what to do next.
import type { ReactNode } from "react";
import styles from "./NotFoundView.module.css";

export function NotFoundView({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <section className={styles.view}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      {text ? <p className={styles.text}>{text}</p> : null}
      {children}
    </section>
  );
}
