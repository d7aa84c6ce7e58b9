// The contract's own fields (SPEC.md §2): address with copy, its CW-20 token when it is one, creator, initial block, admin,
// code and the code's checksum.
import { queries } from "../../api/queries.ts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger } from "../../../../core/format.ts";
import type { ContractInfoAnswer } from "../../api/types.ts";
import { AddressLink } from "../../components/AddressLink.tsx";
import { Card } from "../../components/Card.tsx";
import { CopyableHash, DetailFields } from "../../components/DetailFields.tsx";
import { routes } from "../../routes.ts";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { isNotFound } from "../../api/not-found.ts";

export function ContractFields({ contract }: { contract: ContractInfoAnswer }) {
  const { t } = useTranslation("contract");
  const info = contract.contract_info;
  const height = info.created ? Number(info.created.block_height) : null;
  return (
    <Card>
      <DetailFields
        fields={[
          { label: t("fields.address"), value: <CopyableHash hash={contract.address} copyLabel={t("copyAddress")} /> },
          { label: t("fields.token"), value: <TokenLink address={contract.address} /> },
          { label: t("fields.creator"), value: <AddressLink address={info.creator} /> },
          { label: t("fields.initialBlock"), value: height ? <Link to={routes.block(height)}>{formatInteger(height)}</Link> : t("common:none") },
          { label: t("fields.admin"), value: info.admin ? <AddressLink address={info.admin} /> : t("common:none") },
          { label: t("fields.code"), value: <Link to={routes.code(info.code_id)}>{info.code_id}</Link> },
          { label: t("fields.checksum"), value: contract.codeChecksum ? <span className="mono">{contract.codeChecksum}</span> : t("common:none") },
        ]}
      />
    </Card>
  );
}

/** SPEC.md §2: a link to the token when the contract is a CW-20 with a name and a symbol; a dash otherwise. */
function TokenLink({ address }: { address: string }) {
  const { t } = useTranslation("contract");
  const token = useQuery(queries.token(address));
  useLoggedFailure(token.isError && !isNotFound(token.error) ? token.error : null, `token ${address}`);
  const data = token.data?.data;
  if (!data?.name || !data.symbol) return t("common:none");
  return <Link to={routes.token(address)}>{t("tokenLink", { symbol: data.symbol, name: data.name })}</Link>;
}
