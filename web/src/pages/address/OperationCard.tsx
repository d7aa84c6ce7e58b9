// One operation of the support view (SPEC.md §2): title, signed amount in its colour, time, error, and its fields, where
// an address links to that address's support view and an amount is shown in AXM.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { shorten } from "../../../../core/format.ts";
import type { Operation, OperationField } from "../../api/types.ts";
import { UtcTimeAgo } from "../../components/DetailFields.tsx";
import { routes } from "../../routes.ts";
import { SUPPORT_PARAM } from "./address-params.ts";
import { StatusBadge } from "../../components/StatusBadge.tsx";
import { amountColour, fieldValue, signedAmount } from "./operation-view.ts";
import styles from "./OperationsTab.module.css";

export function OperationCard({ operation }: { operation: Operation }) {
  const { t } = useTranslation("address");
  return (
    <article className={styles.operation}>
      <header className={styles.head}>
        <h3>{operation.title}</h3>
        <span className={styles.amount} data-colour={amountColour(operation.c) ?? undefined}>
          {t(operation.denom === "uret" ? "ret" : "axm", { amount: signedAmount(operation) })}
        </span>
      </header>
      <p className={styles.time}>
        <UtcTimeAgo timestamp={operation.time} />
      </p>
      {operation.error ? (
        <p className={styles.error}>
          <strong>{t("operations.error")}</strong> {operation.error}
        </p>
      ) : null}
      {operation.fields.length > 0 ? (
        <dl className={styles.fields}>
          {operation.fields.map((field, i) => (
            <div key={i} className={styles.field}>
              <dt>{field.l}</dt>
              <dd>
                <FieldValueView field={field} />
                {field.n ? <span className={styles.note}> {field.n}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  );
}

function FieldValueView({ field }: { field: OperationField }) {
  const { t } = useTranslation("address");
  const value = fieldValue(field);
  switch (value.kind) {
    case "address":
      return (
        <Link to={`${routes.address(value.address)}?${SUPPORT_PARAM}`} className="mono">
          {value.text}
        </Link>
      );
    case "validator":
      return (
        <Link to={routes.validator(value.text)} className="mono">
          {value.text}
        </Link>
      );
    case "transaction":
      return (
        <Link to={routes.transaction(value.text)} className="mono" title={value.text}>
          {shorten(value.text, 16)}
        </Link>
      );
    case "block":
      return <Link to={routes.block(value.text)}>{value.text}</Link>;
    case "status":
      return <StatusBadge status={value.status} withName />;
    case "amount":
      return <span>{t("axm", { amount: value.text })}</span>;
    default:
      return <span>{value.text}</span>;
  }
}
