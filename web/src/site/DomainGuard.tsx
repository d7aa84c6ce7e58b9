// The blank white screen over the main page of a copy of the app on a host that is not the product's own (SPEC.md §1).
import { useLocation } from "react-router";
import { useSession } from "../account/session.ts";
import { coversPage, isOwnDomain } from "./own-domain.ts";
import styles from "./DomainGuard.module.css";

export function DomainGuard({ allowedHosts }: { allowedHosts: string[] }) {
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;
  const ownDomain = isOwnDomain(window.location.hostname, allowedHosts);
  return coversPage({ ownDomain, pathname, signedIn }) ? <div className={styles.blank} data-domain-guard="" /> : null;
}
