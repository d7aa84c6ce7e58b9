// The State tab (SPEC.md §2, §5): the contract's storage 10 keys a request, each key decoded when it spells text or is a
// cw-storage-plus namespace and key (its hex on demand), and each value shown as JSON when it holds JSON; "Show more" while
// the node gives a next key.
import { Fragment } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queries } from "../../api/queries.ts";
import type { ContractStateModel } from "../../api/types.ts";
import { JsonView } from "../../components/JsonView.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { StackedList } from "../../components/StackedList.tsx";
import { useLoggedFailure } from "../../hooks/useLoggedFailure.ts";
import { decodeStateKey, decodeStateValue, stateKeyText, type KeyPart } from "./contract-state.ts";
import { ShowMore } from "../../components/ShowMore.tsx";
import frame from "../../components/DetailPage.module.css";
import styles from "./ContractPage.module.css";

const FIRST_PAGE_HEIGHT = 240;

export function ContractState({ address }: { address: string }) {
  const query = useInfiniteQuery(queries.contractState(address));
  useLoggedFailure(query.error, `state of ${address}`);
  if (!query.data) return <Spinner minHeight={FIRST_PAGE_HEIGHT} />;
  const models = query.data.pages.flatMap((page) => page.models);
  return (
    <div className={frame.tabBody}>
      <StackedList items={models}>{(model) => <StateEntry model={model} />}</StackedList>
      <ShowMore query={query} />
    </div>
  );
}

function StateEntry({ model }: { model: ContractStateModel }) {
  const { t } = useTranslation("contract");
  const key = decodeStateKey(model.key);
  const keyText = stateKeyText(key);
  const value = decodeStateValue(model.value);
  return (
    <article className={styles.entry}>
      <h3 className={styles.stateKey}>
        <span className="visually-hidden">{t("state.key")} </span>
        {key.kind === "map" ? <MapKey namespaces={key.namespaces} last={key.key} /> : key.text}
      </h3>
      {key.kind === "raw" ? null : (
        <details className={styles.rawKey}>
          <summary>{t("state.rawKey")}</summary>
          <code>{model.key}</code>
        </details>
      )}
      {value.kind === "json" ? <JsonView value={value.json} label={t("state.value", { key: keyText })} /> : <p className={styles.raw}>{value.text}</p>}
    </article>
  );
}

/** A Map's key: each namespace as a tag, then the key; parts that are no text stay hex, set apart. */
function MapKey({ namespaces, last }: { namespaces: KeyPart[]; last: KeyPart }) {
  const { t } = useTranslation("contract");
  const partClass = (part: KeyPart) => (part.hex ? styles.hexPart : undefined);
  return (
    <>
      {namespaces.map((namespace, index) => (
        <Fragment key={index}>
          <span className={`${styles.namespace} ${partClass(namespace) ?? ""}`} title={t("state.namespace")}>
            {namespace.text}
          </span>
          <span className={styles.keySeparator}> / </span>
        </Fragment>
      ))}
      <span className={partClass(last)}>{last.text}</span>
    </>
  );
}
