// The Validator screen (SPEC.md §2 Validator detail): header and fields from the validator list, then its uptime over
// the last 170 blocks, the blocks it proposed among them and its delegators.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { Validator } from "../../api/types.ts";
import { Card } from "../../components/Card.tsx";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { ValidatorLogo } from "../../components/ValidatorLogo.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import { validatorClass } from "../../components/validator-class.ts";
import { useValidators } from "../../hooks/useValidators.ts";
import { ProposedBlocks } from "./ProposedBlocks.tsx";
import { ValidatorDelegations } from "./ValidatorDelegations.tsx";
import { ValidatorFields } from "./ValidatorFields.tsx";
import { ValidatorUptime } from "./ValidatorUptime.tsx";
import { UPTIME_WINDOW, proposedBlocks, uptimeSquares } from "./uptime-window.ts";
import { useUptimeWindow } from "./useUptimeWindow.ts";
import styles from "./ValidatorPage.module.css";

/** Room the header and the fields take, so nothing jumps when the list arrives. */
const LOADING_HEIGHT = 760;
/** Room the strip and its counts take at phone width, where it wraps most. */
const UPTIME_HEIGHT = 180;
const PROPOSED_HEIGHT = 240;

export default function ValidatorPage() {
  const { t } = useTranslation("validator");
  const id = useParams().id ?? "";
  const validators = useValidators();
  const validator = validators.data?.find((v) => v.bech32Address === id);
  const notFound = validators.data !== undefined && validator === undefined;
  usePageTitle(notFound ? t("notFound.title") : (validator?.name ?? t("heading")));

  if (notFound) {
    return (
      <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
        <Link to={routes.validators()}>{t("notFound.list")}</Link>
      </NotFoundView>
    );
  }
  return (
    <article className={styles.page}>
      <QueryState query={validators} minHeight={LOADING_HEIGHT} failedText={t("loadFailed")}>
        {() => (validator ? <ValidatorDetail key={validator.bech32Address} validator={validator} /> : null)}
      </QueryState>
    </article>
  );
}

function ValidatorDetail({ validator }: { validator: Validator }) {
  const { t } = useTranslation("validator");
  const recent = useUptimeWindow(validator.consensusAddress);
  const active = validatorClass(validator) === "active";
  return (
    <>
      <header className={styles.head}>
        <ValidatorLogo url={validator.logoUrl} name={validator.name} size={48} />
        <h1>{validator.name}</h1>
        <span className={active ? `${styles.badge} ${styles.active}` : styles.badge}>{active ? t("badge.active") : t("badge.notActive")}</span>
      </header>
      <ValidatorFields validator={validator} />
      <Section heading={t("uptime.heading", { number: UPTIME_WINDOW })}>
        <QueryState query={recent} minHeight={UPTIME_HEIGHT} failedText={t("recentFailed")}>
          {({ blocks, consensus }) => <ValidatorUptime squares={uptimeSquares(blocks, consensus, validator.consensusAddress)} />}
        </QueryState>
      </Section>
      <Section heading={t("proposed.heading")}>
        <QueryState query={recent} minHeight={PROPOSED_HEIGHT} failedText={t("recentFailed")}>
          {({ blocks }) => <ProposedBlocks blocks={proposedBlocks(blocks, validator.consensusAddress)} />}
        </QueryState>
      </Section>
      <Section heading={t("delegations.heading")}>
        <ValidatorDelegations validator={validator.bech32Address} />
      </Section>
    </>
  );
}

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className={styles.sectionHeading}>{heading}</h2>
      {children}
    </Card>
  );
}
