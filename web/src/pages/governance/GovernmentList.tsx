// The government: each governor's name and address, and since when they sit (genesis, a block, or before the index began).
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger } from "../../../../core/format.ts";
import type { Government } from "../../api/governance.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { MOBILE_QUERY, useMediaQuery } from "../../components/useMediaQuery.ts";
import { routes } from "../../routes.ts";
import styles from "./Governance.module.css";

export function GovernmentList({ government }: { government: Government }) {
  const { t } = useTranslation("governance");
  const phone = useMediaQuery(MOBILE_QUERY);
  return (
    <ul className={styles.members} aria-label={t("government.heading")}>
      {government.members.map((member) => (
        <li key={member.address} className={styles.member}>
          {member.name ? <strong>{member.name}</strong> : null}
          <AddressLink address={member.address} short={phone} />
          <span className={styles.muted}>
            {t("government.since")}:{" "}
            {member.since === null ? (
              t("government.beforeIndex")
            ) : member.since === 0 ? (
              t("government.genesis")
            ) : (
              <Link to={routes.block(member.since)}>
                {t("fields.block")} {formatInteger(member.since)}
              </Link>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
