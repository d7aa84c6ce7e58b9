// The JSON tab: the whole decoded transaction (body, auth info with signer infos and fee, signatures) as the node's REST
// API writes it, to read, copy or download as <hash>.json.
import { useTranslation } from "react-i18next";
import type { TxJson } from "../../api/types.ts";
import { CopyButton } from "../../components/CopyButton.tsx";
import { JsonView } from "../../components/JsonView.tsx";
import styles from "./TransactionPage.module.css";

export function TransactionJson({ hash, tx }: { hash: string; tx: TxJson }) {
  const { t } = useTranslation("transaction");
  const text = JSON.stringify(tx, null, 2);
  return (
    <div className={styles.json}>
      {/* A transaction indexed before the index kept its bytes: only its messages and memo are known. */}
      {tx.auth_info ? null : <p className={styles.partial}>{t("json.partial")}</p>}
      <div className={styles.jsonActions}>
        <CopyButton value={text} label={t("json.copy")} showLabel />
        <button type="button" className={styles.download} onClick={() => download(`${hash}.json`, text)}>
          <DownloadIcon />
          {t("json.download")}
        </button>
      </div>
      <JsonView value={tx} label={t("json.label")} />
    </div>
  );
}

/** Saves `text` as a file named `name` through a link to it, the way a browser downloads without a server round trip. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download from the link; the file's memory can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url));
}

function DownloadIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M8 2v8m-3.5-3.5L8 10l3.5-3.5M3 13h10" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
