// The validator's own fields (SPEC.md §2 Validator detail): names, blocks, addresses, fees, stake, uptime, contacts.
import { useTranslation } from "react-i18next";
import { formatCoins, formatDecimal, formatFixed, formatInteger } from "../../../../core/format.ts";
import type { Validator } from "../../api/types.ts";
import { Card } from "../../components/Card.tsx";
import { CopyableHash, DetailFields } from "../../components/DetailFields.tsx";
import { uptimePercent, validatorClass } from "../../components/validator-class.ts";
import { websiteUrl } from "./website-url.ts";

export function ValidatorFields({ validator }: { validator: Validator }) {
  const { t } = useTranslation(["validator", "validators"]);
  const percent = (value: string) => t("common:percent", { value });
  // A figure the chain does not keep (it has no per-validator transaction fee) shows as a dash.
  const fee = (value: number | null) => (value === null ? t("common:none") : percent(formatDecimal(value)));
  const uptime = uptimePercent(validator);
  const site = websiteUrl(validator.siteUrl);
  const kind = validatorClass(validator);
  const status = kind === "active" ? t("validators:class.active") : kind === "jailed" ? t("validators:class.jailed") : t("validators:class.inactive");
  return (
    <Card>
      <DetailFields
        fields={[
          { label: t("fields.name"), value: validator.name },
          { label: t("fields.details"), value: validator.details || t("common:none") },
          { label: t("fields.blocksSinceStart"), value: formatInteger(validator.blocksSinceStart) },
          { label: t("fields.okBlocksSinceStart"), value: formatInteger(validator.okBlocksSinceStart) },
          { label: t("fields.totalProposed"), value: formatInteger(validator.totalProposed) },
          { label: t("fields.consensusAddress"), value: <span className="mono">{validator.consensusAddress}</span> },
          { label: t("fields.delegationFee"), value: fee(validator.delegationFee) },
          { label: t("fields.txFee"), value: fee(validator.txFee) },
          { label: t("fields.locked"), value: t("validators:axm", { amount: formatCoins(validator.locked, 0) }) },
          { label: t("fields.votingPower"), value: percent(formatFixed(validator.votingPower)) },
          { label: t("fields.uptime"), value: uptime === null ? t("common:none") : percent(formatFixed(uptime)) },
          {
            label: t("fields.website"),
            value: site ? (
              <a href={site} target="_blank" rel="noopener noreferrer">
                {validator.siteUrl}
              </a>
            ) : (
              validator.siteUrl || t("common:none")
            ),
          },
          { label: t("fields.status"), value: <span title={validator.status}>{status}</span> },
          { label: t("fields.securityContact"), value: validator.securityContact || t("common:none") },
          { label: t("fields.address"), value: <CopyableHash hash={validator.bech32Address} copyLabel={t("copyAddress")} /> },
        ]}
      />
    </Card>
  );
}
