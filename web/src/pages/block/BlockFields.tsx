// The block's own fields: height, hash, chain, proposer, time, counts and emission rate.
import { useTranslation } from "react-i18next";
import { formatEmissionRate, formatInteger } from "../../../../core/format.ts";
import type { Block } from "../../api/types.ts";
import { Card } from "../../components/Card.tsx";
import { ProposerLink } from "../../components/ProposerLink.tsx";
import { CopyableHash, DetailFields, UtcTimeAgo } from "../../components/DetailFields.tsx";

export function BlockFields({ block }: { block: Block }) {
  const { t } = useTranslation("block");
  return (
    <Card>
      <DetailFields
        fields={[
          { label: t("fields.height"), value: formatInteger(block._id) },
          { label: t("fields.hash"), value: <CopyableHash hash={block.hash} copyLabel={t("copyHash")} /> },
          { label: t("fields.chainId"), value: block.chainId },
          { label: t("fields.proposer"), value: <ProposerLink block={block} /> },
          { label: t("fields.time"), value: <UtcTimeAgo timestamp={block.timestamp} /> },
          { label: t("fields.transactions"), value: formatInteger(block.txCnt) },
          { label: t("fields.events"), value: formatInteger(block.evtCnt) },
          { label: t("fields.emissionRate"), value: t("common:percent", { value: formatEmissionRate(block.er) }) },
        ]}
      />
    </Card>
  );
}
