// The Code screen (SPEC.md §2 Code detail): the code's id, contracts count, checksum, creator and permission, then its
// contracts paged on the server; an empty list says nothing was found.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatInteger } from "../../../../core/format.ts";
import { api } from "../../api/client.ts";
import { queries, screenKeys } from "../../api/queries.ts";
import type { Code } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { Card } from "../../components/Card.tsx";
import { DetailFields } from "../../components/DetailFields.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import { BackButton } from "../../components/BackButton.tsx";
import { ContractsTable } from "../../components/ContractsTable.tsx";
import { PagedList } from "../../components/PagedList.tsx";
import { Pending } from "../../components/Pending.tsx";
import { isNotFound } from "../../api/not-found.ts";
import { parseCodeId } from "./code-id.ts";
import frame from "../../components/DetailPage.module.css";
import styles from "./CodePage.module.css";

/** Room the code's fields take, so nothing jumps when it arrives. */
const LOADING_HEIGHT = 300;

export default function CodePage() {
  const id = parseCodeId(useParams().id ?? "");
  return id === null ? <CodeNotFound /> : <CodeScreen key={id} id={id} />;
}

function CodeNotFound() {
  const { t } = useTranslation("code");
  usePageTitle(t("notFound.title"));
  return (
    <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
      <Link to={routes.contracts()}>{t("notFound.list")}</Link>
    </NotFoundView>
  );
}

function CodeScreen({ id }: { id: number }) {
  const { t } = useTranslation("code");
  const query = useQuery(queries.code(id));
  const title = t("title", { id });
  const notFound = query.isError && isNotFound(query.error);
  usePageTitle(notFound ? t("notFound.title") : title);
  if (notFound) return <CodeNotFound />;
  return (
    <article className={frame.page}>
      <BackButton fallback={routes.contracts()} />
      <h1 className={frame.heading}>{title}</h1>
      <Pending query={query} what={`code ${id}`} minHeight={LOADING_HEIGHT}>
        {(code) => <CodeFields code={code} />}
      </Pending>
      <Card>
        <h2 className={styles.sectionHeading}>{t("contracts")}</h2>
        <PagedList
          queryKey={screenKeys.codeContracts(id)}
          fetchPage={(limit, offset, signal) => api.codeContracts(id, limit, offset, signal)}
          totalOf={(page) => page.pagination.total}
          what={`contracts of code ${id}`}
        >
          {(page, busy, rows) => <ContractsTable rows={page?.contracts ?? null} busy={busy} placeholderRows={rows} caption={t("contracts")} />}
        </PagedList>
      </Card>
    </article>
  );
}

function CodeFields({ code }: { code: Code }) {
  const { t } = useTranslation("code");
  return (
    <Card>
      <DetailFields
        fields={[
          { label: t("fields.id"), value: code.id },
          { label: t("fields.contracts"), value: formatInteger(code.contractsCount) },
          { label: t("fields.checksum"), value: <span className="mono">{code.checksum}</span> },
          { label: t("fields.creator"), value: <AddressLink address={code.creator} /> },
          {
            label: t("fields.permission"),
            value:
              code.permissionAddresses.length > 0 ? (
                <>
                  {code.permission}
                  <ul className={styles.addresses}>
                    {code.permissionAddresses.map((address) => (
                      <li key={address}>
                        <AddressLink address={address} />
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                code.permission
              ),
          },
          { label: t("fields.verified"), value: code.verified ? t("contracts:code.yes") : t("contracts:code.no") },
        ]}
      />
    </Card>
  );
}
