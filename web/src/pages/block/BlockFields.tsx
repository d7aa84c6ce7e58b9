// The block's own fields: height, hash, chain, proposer, time, counts and emission rate.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatEmissionRate, formatInteger, shortenAddress } from "../../../../core/format.ts";
import type { Block } from "../../api/types.ts";
import { Card } from "../../components/Card.tsx";
import { CopyableHash, DetailFields, UtcTimeAgo } from "../../components/DetailFields.tsx";
import { routes } from "../../routes.ts";
import styles from "./BlockPage.module.css";

export function BlockFields({ block }: { block: Block }) {
  const { t } = useTranslation("block");
  return (
    <Card>
      <DetailFields
        fields={[
          { label: t("fields.height"), value: formatInteger(block._id) },
          { label: t("fields.hash"), value: <CopyableHash hash={block.hash} copyLabel={t("copyHash")} /> },
          { label: t("fields.chainId"), value: block.chainId },
          { label: t("fields.proposer"), value: <Proposer block={block} /> },
          { label: t("fields.time"), value: <UtcTimeAgo timestamp={block.timestamp} /> },
          { label: t("fields.transactions"), value: formatInteger(block.txCnt) },
          { label: t("fields.events"), value: formatInteger(block.evtCnt) },
          { label: t("fields.emissionRate"), value: t("common:percent", { value: formatEmissionRate(block.er) }) },
        ]}
      />
    </Card>
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
