// The block's own fields: height, hash, chain, proposer, time, counts and emission rate.
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDecimal, formatInteger, formatUtcDateTime, shortenAddress } from "../../../../core/format.ts";
import type { Block } from "../../api/types.ts";
import { CopyButton } from "../../components/CopyButton.tsx";
import { TimeAgo } from "../../components/TimeAgo.tsx";
import { useNow } from "../../components/useNow.ts";
import { routes } from "../../routes.ts";
import { emissionPercent } from "./block-id.ts";
import styles from "./BlockPage.module.css";

export function BlockFields({ block }: { block: Block }) {
  const { t } = useTranslation("block");
  const now = useNow();
  return (
    <section className={styles.card}>
      <dl className={styles.fields}>
        <Field label={t("fields.height")}>{formatInteger(block._id)}</Field>
        <Field label={t("fields.hash")}>
          <span className={styles.withCopy}>
            <span className="mono">{block.hash}</span>
            <CopyButton value={block.hash} label={t("copyHash")} />
          </span>
        </Field>
        <Field label={t("fields.chainId")}>{block.chainId}</Field>
        <Field label={t("fields.proposer")}>
          <Proposer block={block} />
        </Field>
        <Field label={t("fields.time")}>
          <span>{t("utc", { time: formatUtcDateTime(block.timestamp) })}</span> <span className={styles.muted}>(<TimeAgo timestamp={block.timestamp} now={now} />)</span>
        </Field>
        <Field label={t("fields.transactions")}>{formatInteger(block.txCnt)}</Field>
        <Field label={t("fields.events")}>{formatInteger(block.evtCnt)}</Field>
        <Field label={t("fields.emissionRate")}>{t("percent", { value: formatDecimal(emissionPercent(block.er), 2) })}</Field>
      </dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Proposer({ block }: { block: Block }) {
  const validator = block.proposerValidator;
  if (!validator) {
    return (
      <span className="mono" title={block.consensusAddress}>
        {shortenAddress(block.consensusAddress)}
      </span>
    );
  }
  return (
    <Link to={routes.validator(validator.address)} className={styles.proposer}>
      <ValidatorLogo url={validator.logoUrl} name={validator.name} />
      <span>{validator.name}</span>
    </Link>
  );
}

/** The validator's logo, or its initial when it has none or the image does not load. */
function ValidatorLogo({ url, name }: { url: string | null; name: string }) {
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return (
      <span className={styles.logo} aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return <img className={styles.logo} src={url} alt="" width={24} height={24} onError={() => setBroken(true)} />;
}
