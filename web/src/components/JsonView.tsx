// Pretty-printed JSON (event attributes, raw messages, a whole transaction): scrolls sideways on wide screens, wraps on
// phones; every string that is an AXM address links to that address's screen.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { addressRoute } from "../routes.ts";
import { ADDRESS_PATTERN } from "./address-pattern.ts";
import styles from "./JsonView.module.css";

/** A JSON string (a value or a key) that is an address, quotes and all: JSON escapes any quote inside a longer string. */
const QUOTED_ADDRESS = new RegExp(`"(${ADDRESS_PATTERN})"`, "g");

export function JsonView({ value, label }: { value: unknown; label?: string }) {
  // Focusable because a long document scrolls inside its box, and keyboard users must be able to scroll it too.
  return (
    <pre className={styles.json} tabIndex={0} aria-label={label}>
      {withAddressLinks(JSON.stringify(value, null, 2))}
    </pre>
  );
}

/** The text as it is, each quoted address inside it a link; the text a reader copies stays the same JSON. */
function withAddressLinks(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(QUOTED_ADDRESS)) {
    const address = match[1];
    const start = match.index + 1;
    nodes.push(
      text.slice(from, start),
      <Link key={start} to={addressRoute(address)}>
        {address}
      </Link>,
    );
    from = start + address.length;
  }
  nodes.push(text.slice(from));
  return nodes;
}
