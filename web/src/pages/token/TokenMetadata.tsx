// The Metadata tab (SPEC.md §2): the contract's own token_info and marketing_info answers, as JSON.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client.ts";
import { JsonView } from "../../components/JsonView.tsx";
import { Pending } from "../../components/Pending.tsx";
import styles from "./TokenPage.module.css";

const JSON_HEIGHT = 160;

export function TokenMetadata({ address }: { address: string }) {
  const { t } = useTranslation("token");
  const info = useQuery({ queryKey: ["token", "info", address], queryFn: ({ signal }) => api.tokenInfo(address, signal) });
  const marketing = useQuery({ queryKey: ["token", "marketing", address], queryFn: ({ signal }) => api.tokenMarketing(address, signal) });
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
