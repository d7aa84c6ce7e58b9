// A filter's dropdown: the shared dropdown in the filter bar's look, its panel a dialog named after the filter.
import { Dropdown, type DropdownProps } from "../../components/Dropdown.tsx";
import styles from "./Filters.module.css";

export function FilterDropdown(props: DropdownProps & { panelLabel: string }) {
  return (
    <Dropdown
      {...props}
      className={styles.dropdown}
      buttonClassName={styles.trigger}
      indicator={<span className={styles.caret} aria-hidden="true" />}
      returnFocusOnChoice
    />
  );
}
