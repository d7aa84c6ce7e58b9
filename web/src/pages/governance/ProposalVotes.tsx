// Each governor of a vote with their choice (agreed, disagreed, not voted) and, where the index knows it, the block and
// transaction of the vote.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, shorten } from "../../../../core/format.ts";
import type { ProposalDetail } from "../../api/governance.ts";
import { VotePill } from "../../components/GovernanceParts.tsx";
import { ListTable, type ListColumn } from "../../components/ListTable.tsx";
import { governorVotes, type VoteChoice } from "../../components/governance-view.ts";
import { routes } from "../../routes.ts";
import { Named } from "./Named.tsx";

interface Row {
  address: string;
  vote: VoteChoice;
  name: string | null;
  height: number | null;
  txHash: string | null;
}

/** `votes` (with blocks and transactions) for a proposal's own screen; without them, the choices alone. */
export function ProposalVotes({
  proposal,
  votes,
  names,
}: {
  proposal: Pick<ProposalDetail, "government" | "agreed" | "disagreed">;
  votes?: ProposalDetail["votes"];
  names: Map<string, string>;
}) {
  const { t } = useTranslation("governance");
  const cast = new Map((votes ?? []).map((v) => [v.address, v]));
  const rows: Row[] = governorVotes(proposal).map(({ address, vote }) => ({
    address,
    vote,
    name: cast.get(address)?.name ?? names.get(address) ?? null,
    height: cast.get(address)?.height ?? null,
    txHash: cast.get(address)?.txHash ?? null,
  }));
  const columns: ListColumn<Row>[] = [
    { key: "governor", label: t("government.member"), cell: (row) => <Named address={row.address} name={row.name} /> },
    { key: "vote", label: t("fields.vote"), cell: (row) => <VotePill vote={row.vote} /> },
  ];
  if (votes) {
    columns.push(
      {
        key: "block",
        label: t("fields.block"),
        cell: (row) => (row.height === null ? t("common:none") : <Link to={routes.block(row.height)}>{formatInteger(row.height)}</Link>),
      },
      {
        key: "tx",
        label: t("fields.transaction"),
        cell: (row) =>
          row.txHash === null ? (
            t("common:none")
          ) : (
            <Link to={routes.transaction(row.txHash)} className="mono">
              {shorten(row.txHash, 6)}
            </Link>
          ),
      },
    );
  }
  return <ListTable rows={rows} placeholderRows={0} caption={t("fields.votes")} columns={columns} rowKey={(row) => row.address} />;
}
