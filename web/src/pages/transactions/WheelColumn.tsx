// One wheel of the scroll date picker: a scroll-snapped column whose centred item is the value; arrow keys step it.
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from "react";
import styles from "./ScrollDatePicker.module.css";

/** Kept equal to the item height in ScrollDatePicker.module.css. */
const WHEEL_ITEM_HEIGHT = 36;
/** How long the column must be still before the centred item becomes the value. */
const SETTLE_MS = 120;
const PAGE_STEP = 5;

export interface WheelOption {
  value: number;
  text: string;
}

export interface WheelColumnProps {
  label: string;
  options: WheelOption[];
  value: number;
  onChange: (value: number) => void;
}

export function WheelColumn({ label, options, value, onChange }: WheelColumnProps) {
  const column = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const placed = useRef(false);
  const index = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  useEffect(() => () => clearTimeout(settle.current), []);

  useLayoutEffect(() => {
    const element = column.current;
    if (!element || Math.round(element.scrollTop / WHEEL_ITEM_HEIGHT) === index) return;
    const top = index * WHEEL_ITEM_HEIGHT;
    if (placed.current && typeof element.scrollTo === "function") element.scrollTo({ top, behavior: "smooth" });
    else element.scrollTop = top;
    placed.current = true;
  }, [index, options.length]);

  const choose = (next: number) => {
    const option = options[Math.min(options.length - 1, Math.max(0, next))];
    if (option && option.value !== value) onChange(option.value);
  };

  const onScroll = () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      if (column.current) choose(Math.round(column.current.scrollTop / WHEEL_ITEM_HEIGHT));
    }, SETTLE_MS);
  };

  const steps: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, PageUp: -PAGE_STEP, PageDown: PAGE_STEP, Home: -index, End: options.length - 1 - index };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!(event.key in steps)) return;
    event.preventDefault();
    choose(index + steps[event.key]);
  };

  return (
    <div
      ref={column}
      className={styles.wheel}
      role="spinbutton"
      tabIndex={0}
      aria-label={label}
      aria-valuenow={value}
      aria-valuetext={options[index]?.text}
      aria-valuemin={options[0]?.value}
      aria-valuemax={options[options.length - 1]?.value}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      {options.map((option, at) => (
        <div key={option.value} className={at === index ? `${styles.item} ${styles.current}` : styles.item} aria-hidden="true" onClick={() => choose(at)}>
          {option.text}
        </div>
      ))}
    </div>
  );
}
