// A poll's screen: its question, author, yes/no bar, quorum, who may answer, decision and times, then its answers in the
// order they came, 50 a request with "Show more"; a 404 view for an unknown number.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { formatInteger, shorten } from "../../../../core/format.ts";
import { GOVERNANCE_REFRESH_MS, governanceQueries, type PollDetail } from "../../api/governance.ts";
import { isNotFound } from "../../api/not-found.ts";
import { BackButton } from "../../components/BackButton.tsx";
import { Card } from "../../components/Card.tsx";
import { AnswerPill } from "../../components/GovernanceParts.tsx";
import { ListTable, type ListColumn } from "../../components/ListTable.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { ShowMore } from "../../components/ShowMore.tsx";
import { Loading } from "./Loading.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { routes } from "../../routes.ts";
import { Named } from "./Named.tsx";
import { PollFields } from "./PollSummary.tsx";
import styles from "./Governance.module.css";

const LOADING_HEIGHT = 900;

type Answer = PollDetail["answers"][number];

export default function PollPage() {
  const { t } = useTranslation("governance");
  const id = useParams().id ?? "";
  const query = useInfiniteQuery({
    ...governanceQueries.poll(id),
    refetchInterval: (q) => (q.state.data?.pages[0]?.decision === "pending" ? GOVERNANCE_REFRESH_MS : false),
  });
  useLoggedFailure(query.error && !isNotFound(query.error) ? query.error : null, `poll ${id}`);
  const notFound = query.isError && isNotFound(query.error);
  const poll = query.data?.pages[0];
  usePageTitle(notFound ? t("notFound.poll") : poll ? t("poll.title", { id: poll.id, name: poll.name }) : t("title"));
  if (notFound) {
    return (
      <NotFoundView title={t("notFound.poll")} text={t("notFound.text")}>
        <Link to={routes.governance()}>{t("notFound.back")}</Link>
      </NotFoundView>
    );
  }
  const answers = query.data ? query.data.pages.flatMap((page) => page.answers) : null;
  const columns: ListColumn<Answer>[] = [
    { key: "respondent", label: t("poll.respondent"), cell: (a) => <Named address={a.respondent} name={a.name} /> },
    { key: "answer", label: t("poll.answer"), cell: (a) => <AnswerPill yes={a.yes} /> },
    {
      key: "block",
      label: t("fields.block"),
      cell: (a) => (a.height === null ? t("fields.genesis") : <Link to={routes.block(a.height)}>{formatInteger(a.height)}</Link>),
    },
    {
      key: "tx",
      label: t("fields.transaction"),
      cell: (a) =>
        a.txHash === null ? (
          t("common:none")
        ) : (
          <Link to={routes.transaction(a.txHash)} className="mono">
            {shorten(a.txHash, 6)}
          </Link>
        ),
    },
  ];
  return (
    <article className={styles.page}>
      <BackButton fallback={routes.governance()} />
      {poll ? (
        <>
          <h1 className={styles.heading}>
            {t("poll.heading", { id: poll.id })}: {poll.name}
          </h1>
          <Card>
            <PollFields poll={poll} full />
          </Card>
          <Card>
            <h2 className={styles.cardHeading}>{t("fields.answers")}</h2>
            <div className={styles.section}>
              <ListTable rows={answers} placeholderRows={0} caption={t("fields.answers")} columns={columns} rowKey={(a) => a.respondent} />
              <ShowMore query={query} />
            </div>
          </Card>
        </>
      ) : (
        <Loading minHeight={LOADING_HEIGHT} />
      )}
    </article>
  );
}
