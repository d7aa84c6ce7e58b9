// Home, the blocks index (SPEC.md §2): global search, chain statistics, and the latest blocks with paging.
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Paginator } from "../../components/Paginator.tsx";
import { RowsPerPage, type PageSize } from "../../components/RowsPerPage.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import pagingBar from "../../components/PagingBar.module.css";
import { SearchBox } from "../../layout/search/SearchBox.tsx";
import { BlocksTable } from "./BlocksTable.tsx";
import { StatCards } from "./StatCards.tsx";
import { homeQuery, parseHomeParams } from "./home-params.ts";
import { useLatestBlocks } from "./useLatestBlocks.ts";
import styles from "./HomePage.module.css";

export default function HomePage() {
  const { t } = useTranslation("home");
  usePageTitle(t("title"));
  const [query, setQuery] = useSearchParams();
  const { page: requestedPage, size } = parseHomeParams(query);
  const blocks = useLatestBlocks(requestedPage, size);

  const goToPage = (page: number) => setQuery(homeQuery({ page, size }));
  // SPEC.md §4: a new page size starts again at page 1.
  const changeSize = (next: PageSize) => setQuery(homeQuery({ page: 1, size: next }));

  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <h1>{t("heading")}</h1>
        <SearchBox size="large" />
      </section>
      {/* The sparkline's chunk waits for the blocks, so the first load does not carry it. */}
      <StatCards sparkline={blocks.rows !== undefined} />
      <section className={styles.blocks}>
        <h2>{t("blocks.heading")}</h2>
        {blocks.failed ? <p className={styles.failed}>{t("blocks.unavailable")}</p> : null}
        <BlocksTable rows={blocks.rows} skeletonRows={size} />
        <div className={pagingBar.bar}>
          <Paginator page={blocks.page} totalPages={blocks.totalPages ?? 1} onChange={goToPage} />
          <RowsPerPage value={size} onChange={changeSize} />
        </div>
      </section>
    </div>
  );
}
