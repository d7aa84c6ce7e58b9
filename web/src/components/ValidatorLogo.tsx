// A validator's logo, or its initial when it has none or the image does not load (block proposers, validator lists).
import { useState } from "react";
import styles from "./ValidatorLogo.module.css";

/** Decorative: the validator's name is always written beside it. */
export function ValidatorLogo({ url, name, size = 24 }: { url: string | null; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const box = { width: size, height: size, fontSize: Math.round(size / 2) };
  if (!url || broken) {
    return (
      <span className={styles.logo} style={box} aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return <img className={styles.logo} style={box} src={url} alt="" width={size} height={size} loading="lazy" onError={() => setBroken(true)} />;
}
