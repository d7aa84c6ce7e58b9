// An account as the governance screens list it: its name above its (shortened on phones) address link.
import { AddressLink } from "../../components/AddressLink.tsx";
import { MOBILE_QUERY, useMediaQuery } from "../../components/useMediaQuery.ts";
import styles from "./Governance.module.css";

export function Named({ address, name }: { address: string; name: string | null | undefined }) {
  const phone = useMediaQuery(MOBILE_QUERY);
  return (
    <span className={styles.voter}>
      {name ? <span>{name}</span> : null}
      <AddressLink address={address} short={phone} />
    </span>
  );
}
