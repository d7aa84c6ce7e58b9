// An account's image as the API gives it (an avatar, or one of the exchanges' logos), or its initial when it does not load.
import { useState } from "react";
import styles from "./Avatar.module.css";

/** Decorative: the nickname or address is always written beside it. */
export function Avatar({ url, name, size }: { url: string; name: string; size: number }) {
  const [broken, setBroken] = useState(false);
  const box = { width: size, height: size, fontSize: Math.round(size / 2) };
  if (broken) {
    return (
      <span className={styles.avatar} style={box} aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return <img className={styles.avatar} style={box} src={url} alt="" width={size} height={size} loading="lazy" onError={() => setBroken(true)} />;
}
