// The Contracts overview (SPEC.md §2): tabs Contract and Code, each a server-paged table with its total; tab, page and
// rows per page live in the URL.
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { Card } from "../../components/Card.tsx";
import { Tabs } from "../../components/Tabs.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { CodesTable } from "./CodesTable.tsx";
import { ContractsTable } from "../../components/ContractsTable.tsx";
import { LIST_PARAMS } from "../../components/list-params.ts";
import { PagedList } from "../../components/PagedList.tsx";
import frame from "../../components/ListPage.module.css";
import { screenKeys } from "../../api/queries.ts";

export default function ContractsPage() {
  const { t } = useTranslation("contracts");
  usePageTitle(t("title"));
  return (
    <section className={frame.page}>
      <h1 className={frame.heading}>{t("title")}</h1>
      <Card>
        <Tabs
          label={t("tabs.label")}
          resetParams={LIST_PARAMS}
          tabs={[
            {
              id: "contract",
              label: t("tabs.contract"),
              render: () => (
                <PagedList queryKey={screenKeys.contracts} fetchPage={api.contracts} totalOf={(page) => page.pagination.total} what="contracts">
                  {(page, busy, rows) => <ContractsTable rows={page?.contracts ?? null} busy={busy} placeholderRows={rows} caption={t("tabs.contract")} />}
                </PagedList>
              ),
            },
            {
              id: "code",
              label: t("tabs.code"),
              render: () => (
                <PagedList queryKey={screenKeys.codes} fetchPage={api.codes} totalOf={(page) => page.pagination.total} what="codes">
                  {(page, busy, rows) => <CodesTable rows={page?.codes ?? null} busy={busy} placeholderRows={rows} caption={t("tabs.code")} />}
                </PagedList>
              ),
            },
          ]}
        />
      </Card>
    </section>
  );
}
