// The newest blocks this validator proposed among the last 170 (at most 13): height, hash, transactions and UTC time.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatInteger, formatUtcDateTime, shorten } from "../../../../core/format.ts";
import { RowCopy } from "../../components/RowCopy.tsx";
import type { Block } from "../../api/types.ts";
import { ListTable, type ListColumn } from "../../components/ListTable.tsx";
import { NothingFound } from "../../components/NothingFound.tsx";
import { routes } from "../../routes.ts";

export function ProposedBlocks({ blocks }: { blocks: Block[] }) {
  const { t } = useTranslation("validator");
  if (blocks.length === 0) return <NothingFound />;
  const columns: ListColumn<Block>[] = [
    { key: "height", label: t("proposed.height"), cell: (block) => <Link to={routes.block(block._id)}>{formatInteger(block._id)}</Link> },
    {
      key: "hash",
      label: t("proposed.hash"),
      cell: (block) => (
        <RowCopy value={block.hash} kind="hash">
          <span className="mono" title={block.hash}>
            {shorten(block.hash, 16)}
          </span>
        </RowCopy>
      ),
    },
    { key: "transactions", label: t("proposed.transactions"), numeric: true, cell: (block) => formatInteger(block.txCnt) },
    { key: "time", label: t("proposed.time"), cell: (block) => formatUtcDateTime(block.timestamp) },
  ];
  return <ListTable rows={blocks} placeholderRows={0} caption={t("proposed.heading")} columns={columns} rowKey={(block) => block._id} />;
}
