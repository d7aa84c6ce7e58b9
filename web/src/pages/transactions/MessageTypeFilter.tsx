// The message-type filter: a dropdown of the chain's message types with a search box; checked types filter the list.
import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queries } from "../../api/queries.ts";
import { Spinner } from "../../components/Spinner.tsx";
import { FilterDropdown } from "./FilterDropdown.tsx";
import { filterMessageTypes, messageTypeOptions } from "./message-types.ts";
import styles from "./Filters.module.css";

export interface MessageTypeFilterProps {
  selected: string[];
  onChange: (types: string[]) => void;
}

export function MessageTypeFilter({ selected, onChange }: MessageTypeFilterProps) {
  const { t } = useTranslation("transactions");
  return (
    <FilterDropdown
      panelLabel={t("messageType.label")}
      panelClassName={styles.typesPanel}
      label={
        <>
          {t("messageType.label")}
          {selected.length > 0 ? (
            <span className={styles.count}>
              <span aria-hidden="true">{selected.length}</span>
              <span className="visually-hidden">{t("messageType.selected", { count: selected.length })}</span>
            </span>
          ) : null}
        </>
      }
    >
      {() => <MessageTypeList selected={selected} onChange={onChange} />}
    </FilterDropdown>
  );
}

/** The panel's content, mounted while it is open so its search starts empty each time. */
function MessageTypeList({ selected, onChange }: MessageTypeFilterProps) {
  const { t } = useTranslation(["transactions", "common"]);
  const [search, setSearch] = useState("");
  const types = useQuery({ ...queries.messageTypes(), staleTime: 600_000 });
  const options = useMemo(() => messageTypeOptions(types.data ?? []), [types.data]);
  const shown = filterMessageTypes(options, search);
  const toggle = (type: string, checked: boolean) => onChange(checked ? [...selected, type] : selected.filter((chosen) => chosen !== type));

  return (
    <>
      <input
        type="search"
        className={styles.search}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t("messageType.searchPlaceholder")}
        aria-label={t("messageType.search")}
        autoFocus
      />
      {types.data ? (
        <ul className={styles.typeList} aria-label={t("messageType.label")}>
          {shown.map((option) => (
            <li key={option.type}>
              <label className={styles.typeOption} title={option.type}>
                <input type="checkbox" checked={selected.includes(option.type)} onChange={(event) => toggle(option.type, event.target.checked)} />
                {option.label}
              </label>
            </li>
          ))}
          {shown.length === 0 ? <li className={styles.empty}>{t("nothingFound", { ns: "common" })}</li> : null}
        </ul>
      ) : (
        <Spinner minHeight={120} />
      )}
    </>
  );
}
