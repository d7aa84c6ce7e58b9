// Accessible tabs (WAI-ARIA tabs pattern) whose selection lives in the URL (?tab=), so a reload or a shared link keeps it.
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { ScrollCue, useHiddenSides } from "./Scroller.tsx";
import styles from "./Tabs.module.css";

export const TAB_PARAM = "tab";

export interface TabItem {
  /** The value of ?tab= for this tab. */
  id: string;
  label: ReactNode;
  /** Rendered only while the tab is selected, so a panel's own state (its page, say) starts afresh on return. */
  render: () => ReactNode;
}

/** The tab named in the URL, or the first one when the URL names none or one that does not exist. */
export function selectedTab(tabs: readonly TabItem[], requested: string | null): TabItem {
  return tabs.find((tab) => tab.id === requested) ?? tabs[0];
}

export interface TabsProps {
  tabs: readonly TabItem[];
  label: string;
  /** Query parameters a switch drops, such as a list's page, which starts again at 1 on another tab (SPEC.md §4). */
  resetParams?: readonly string[];
}

export function Tabs({ tabs, label, resetParams = [] }: TabsProps) {
  const [params, setParams] = useSearchParams();
  const current = selectedTab(tabs, params.get(TAB_PARAM));
  const baseId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);
  const more = useHiddenSides(list, true);
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  const select = (id: string) => {
    if (id === current.id) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(TAB_PARAM, id);
        for (const name of resetParams) next.delete(name);
        return next;
      },
      // A tab switch is not a new page: Back leaves the screen rather than stepping through tabs.
      { replace: true, preventScrollReset: true },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current.id);
    const target =
      event.key === "ArrowRight"
        ? tabs[(index + 1) % tabs.length]
        : event.key === "ArrowLeft"
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === "Home"
            ? tabs[0]
            : event.key === "End"
              ? tabs[tabs.length - 1]
              : null;
    if (!target) return;
    event.preventDefault();
    select(target.id);
    buttons.current.get(target.id)?.focus();
  };

  return (
    <div className={styles.tabs}>
      {/* Tabs that do not fit a phone's width scroll sideways, with a cue at the edge that hides more. */}
      <div className={styles.listFrame}>
        <div ref={list} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown} data-scroller="">
          {tabs.map((tab) => {
            const selected = tab.id === current.id;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  if (element) buttons.current.set(tab.id, element);
                  else buttons.current.delete(tab.id);
                }}
                type="button"
                role="tab"
                id={tabId(tab.id)}
                aria-selected={selected}
                aria-controls={panelId(tab.id)}
                tabIndex={selected ? 0 : -1}
                className={selected ? styles.selected : styles.tab}
                onClick={() => select(tab.id)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        <ScrollCue shown={more.after} />
      </div>
      <div role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)} tabIndex={0} className={styles.panel}>
        {current.render()}
      </div>
    </div>
  );
}
