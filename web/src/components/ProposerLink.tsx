// A block's proposer: the validator's logo and name linking to its screen, or the shortened consensus address.
import { useState } from "react";
import { Link } from "react-router";
import { shortenAddress } from "../../../core/format.ts";
import type { Block } from "../api/types.ts";
import { routes } from "../routes.ts";
import styles from "./ProposerLink.module.css";

export function ProposerLink({ block }: { block: Block }) {
  const validator = block.proposerValidator;
  if (!validator) {
    return (
      <span className="mono" title={block.consensusAddress}>
        {shortenAddress(block.consensusAddress)}
      </span>
    );
  }
  return (
    <Link to={routes.validator(validator.address)} className={styles.proposer}>
      <ValidatorLogo url={validator.logoUrl} name={validator.name} />
      <span className={styles.name}>{validator.name}</span>
    </Link>
  );
}

/** The validator's logo, or its initial when it has none or the image does not load. */
function ValidatorLogo({ url, name }: { url: string | null; name: string }) {
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return (
      <span className={styles.logo} aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return <img className={styles.logo} src={url} alt="" width={24} height={24} loading="lazy" onError={() => setBroken(true)} />;
}
