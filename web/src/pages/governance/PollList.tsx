// The polls, newest first, each a card with its question, yes/no bar, quorum, who may answer and decision; "Show more"
// while the API gives a cursor.
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PollPage } from "../../api/governance.ts";
import { ShowMore } from "../../components/ShowMore.tsx";
import { Loading } from "./Loading.tsx";
import { routes } from "../../routes.ts";
import { PollFields } from "./PollSummary.tsx";
import styles from "./Governance.module.css";

/** Room two rows of poll cards take on a phone, held while the first page loads. */
const LOADING_HEIGHT = 720;

export function PollList({ query }: { query: UseInfiniteQueryResult<InfiniteData<PollPage>> }) {
  const { t } = useTranslation("governance");
  if (!query.data) return <Loading minHeight={LOADING_HEIGHT} />;
  const polls = query.data.pages.flatMap((page) => page.polls);
  if (polls.length === 0) return <p className={styles.empty}>{t("polls.none")}</p>;
  return (
    <div className={styles.section}>
      <ul className={styles.polls}>
        {polls.map((poll) => (
          <li key={poll.id}>
            <article className={styles.poll} aria-labelledby={`poll-${poll.id}`}>
              <h3 id={`poll-${poll.id}`}>
                <Link to={routes.poll(poll.id)}>{`#${poll.id} ${poll.name}`}</Link>
              </h3>
              <p className={styles.question}>{poll.question}</p>
              <PollFields poll={poll} />
            </article>
          </li>
        ))}
      </ul>
      <ShowMore query={query} />
    </div>
  );
}
