// A token's logo when it has an http(s) one that loads, its symbol's initial otherwise; decorative, as the symbol is
// always written beside it.
import { useState } from "react";
import { safeWebUrl } from "../../../core/format.ts";
import styles from "./ValidatorLogo.module.css";

export function TokenLogo({ url, symbol, size = 24 }: { url: string | null; symbol: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const src = safeWebUrl(url);
  const box = { width: size, height: size, fontSize: Math.round(size / 2) };
  if (!src || broken) {
    return (
      <span className={styles.logo} style={box} aria-hidden="true">
        {symbol.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={styles.logo}
      style={box}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}
