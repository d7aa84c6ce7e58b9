// A block's proposer: the validator's logo and name linking to its screen, or the shortened consensus address.
import { Link } from "react-router";
import { shortenAddress } from "../../../core/format.ts";
import type { Block } from "../api/types.ts";
import { routes } from "../routes.ts";
import { ValidatorLogo } from "./ValidatorLogo.tsx";
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
