// A region that scrolls sideways on purpose (marked data-scroller): a table wider than the screen keeps its first column
// in view when asked, and the edge it can still scroll towards shows a fade with an arrow, so a reader sees there is more.
// A table that turns into cards on phones (cardsOnPhone) does not scroll there, and is no scroller.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { MOBILE_QUERY, useMediaQuery } from "./useMediaQuery.ts";
import styles from "./Scroller.module.css";

export interface ScrollerProps {
  /** Names the region for screen readers (the region takes focus, so that arrow keys scroll it). */
  label: string;
  /** The first column stays put while the others scroll past it. */
  stickyFirstColumn?: boolean;
  /** On phones the content lays itself out as cards, one under another, and needs no scrolling. */
  cardsOnPhone?: boolean;
  /** The frame's own look (border, background), around the fade too. */
  className?: string;
  children: ReactNode;
}

export function Scroller({ label, stickyFirstColumn = false, cardsOnPhone = false, className, children }: ScrollerProps) {
  const region = useRef<HTMLDivElement>(null);
  const phone = useMediaQuery(MOBILE_QUERY);
  const scrolls = !(cardsOnPhone && phone);
  const more = useHiddenSides(region, scrolls);
  const frame = [styles.frame, stickyFirstColumn ? styles.sticky : "", className ?? ""].join(" ");
  if (!scrolls) return <div className={className}>{children}</div>;
  return (
    <div className={frame} data-more-before={more.before || undefined}>
      <div ref={region} className={styles.region} role="region" aria-label={label} tabIndex={0} data-scroller="">
        {children}
      </div>
      <ScrollCue shown={more.after} />
    </div>
  );
}

/** The fade and arrow over the end of a sideways scroller while it hides more there; its parent is positioned. */
export function ScrollCue({ shown }: { shown: boolean }) {
  return (
    <span className={shown ? `${styles.cue} ${styles.shown}` : styles.cue} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="16" height="16">
        <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/** Whether there is more to see before (scrolled away) and after (not reached yet), kept current as it scrolls or resizes. */
export function useHiddenSides(region: RefObject<HTMLDivElement | null>, active: boolean): { before: boolean; after: boolean } {
  const [sides, setSides] = useState({ before: false, after: false });
  useEffect(() => {
    const element = region.current;
    if (!active || !element) return;
    const update = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setSides((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    update();
    element.addEventListener("scroll", update, { passive: true });
    // The region's own width follows the window; its content's follows the rows that arrive.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", update);
      observer?.disconnect();
    };
  }, [region, active]);
  return sides;
}
