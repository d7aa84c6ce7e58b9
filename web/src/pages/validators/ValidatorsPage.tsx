// The Validators overview (SPEC.md §2): statistic cards, Active / Inactive / Jailed tabs with counts, a search and a
// sortable table; tab, search, sort and page live in the URL.
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { Validator } from "../../api/types.ts";
import { Card } from "../../components/Card.tsx";
import { Paginator } from "../../components/Paginator.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { TAB_PARAM, Tabs } from "../../components/Tabs.tsx";
import { clampPage } from "../../components/paginator-pages.ts";
import { usePageTitle } from "../../components/usePageTitle.ts";
import pagingBar from "../../components/PagingBar.module.css";
import { VALIDATORS_PAGE_SIZE, overviewQuery, parseOverviewParams, type OverviewParams } from "./overview-params.ts";
import { byClass, type ValidatorClass } from "../../components/validator-class.ts";
import { DEFAULT_SORT, nextSort, searchValidators, sortValidators, type SortColumn, type SortOrder } from "./validator-list.ts";
import { ValidatorSearch } from "./ValidatorSearch.tsx";
import { ValidatorStats } from "./ValidatorStats.tsx";
import { ValidatorsTable } from "./ValidatorsTable.tsx";
import { useValidators } from "../../hooks/useValidators.ts";
import styles from "./ValidatorsPage.module.css";

/** Room the cards, the tabs and the first rows take, so nothing jumps when the list arrives. */
const LOADING_HEIGHT = 640;

export default function ValidatorsPage() {
  const { t } = useTranslation("validators");
  usePageTitle(t("title"));
  const [query, setQuery] = useSearchParams();
  const params = parseOverviewParams(query);
  const validators = useValidators();

  const write = (change: Partial<OverviewParams>, replace = false) => setQuery(overviewQuery({ ...params, ...change }, query.get(TAB_PARAM)), { replace });
  // SPEC.md §4: a new search or sort starts again at page 1. Typing is not a step Back should retrace.
  const search = (q: string) => write({ q, page: 1 }, true);
  const sort = (column: SortColumn) => write({ sort: nextSort(params.sort ?? DEFAULT_SORT, column), page: 1 });
  const goToPage = (page: number) => write({ page });

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1>{t("title")}</h1>
        <ValidatorSearch value={params.q} onSearch={search} />
      </header>
      <QueryState query={validators} minHeight={LOADING_HEIGHT} failedText={t("loadFailed")}>
        {(list) => (
          <>
            <ValidatorStats validators={list} />
            <Card>
              <ValidatorTabs validators={list} params={params} onSort={sort} onPage={goToPage} />
            </Card>
          </>
        )}
      </QueryState>
    </section>
  );
}

interface ValidatorTabsProps {
  validators: Validator[];
  params: OverviewParams;
  onSort: (column: SortColumn) => void;
  onPage: (page: number) => void;
}

/** Each tab counts all validators of its class; its table shows those the search finds, in the chosen order. */
function ValidatorTabs({ validators, params, onSort, onPage }: ValidatorTabsProps) {
  const { t } = useTranslation("validators");
  const counts = byClass(validators);
  const order = params.sort ?? DEFAULT_SORT;
  const shown = byClass(sortValidators(searchValidators(validators, params.q), order));
  const list = (id: ValidatorClass, label: string) => ({
    id,
    label,
    render: () => <ValidatorPages rows={shown[id]} page={params.page} sort={order} onSort={onSort} onPage={onPage} caption={label} />,
  });
  return (
    <Tabs
      label={t("tabs.label")}
      resetParams={["page"]}
      tabs={[
        list("active", t("tabs.active", { number: counts.active.length })),
        list("inactive", t("tabs.inactive", { number: counts.inactive.length })),
        list("jailed", t("tabs.jailed", { number: counts.jailed.length })),
      ]}
    />
  );
}

interface ValidatorPagesProps {
  rows: Validator[];
  page: number;
  sort: SortOrder;
  onSort: (column: SortColumn) => void;
  onPage: (page: number) => void;
  caption: string;
}

/** 500 rows a page; the paginator appears only when there is more than one. */
function ValidatorPages({ rows, page, sort, onSort, onPage, caption }: ValidatorPagesProps) {
  const totalPages = Math.max(1, Math.ceil(rows.length / VALIDATORS_PAGE_SIZE));
  const current = clampPage(page, totalPages);
  return (
    <>
      <ValidatorsTable rows={rows.slice((current - 1) * VALIDATORS_PAGE_SIZE, current * VALIDATORS_PAGE_SIZE)} sort={sort} onSort={onSort} caption={caption} />
      {totalPages > 1 ? (
        <div className={`${pagingBar.bar} ${styles.pager}`}>
          <Paginator page={current} totalPages={totalPages} onChange={onPage} />
        </div>
      ) : null}
    </>
  );
}
