// The Metadata tab (SPEC.md §2): the contract's own token_info and marketing_info answers, as JSON.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { queries } from "../../api/queries.ts";
import { JsonView } from "../../components/JsonView.tsx";
import { Pending } from "../../components/Pending.tsx";
import styles from "./TokenPage.module.css";

const JSON_HEIGHT = 160;

export function TokenMetadata({ address }: { address: string }) {
  const { t } = useTranslation("token");
  const info = useQuery(queries.tokenInfo(address));
  const marketing = useQuery(queries.tokenMarketing(address));
  return (
    <div className={styles.metadata}>
      <section>
        <h3>{t("metadata.info")}</h3>
        <Pending query={info} what={`token_info of ${address}`} minHeight={JSON_HEIGHT}>
          {(json) => <JsonView value={json} label={t("metadata.info")} />}
        </Pending>
      </section>
      <section>
        <h3>{t("metadata.marketing")}</h3>
        <Pending query={marketing} what={`marketing_info of ${address}`} minHeight={JSON_HEIGHT}>
          {(json) => <JsonView value={json} label={t("metadata.marketing")} />}
        </Pending>
      </section>
    </div>
  );
}
