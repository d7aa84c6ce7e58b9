// A QR code drawn here as one SVG path, from the `qr` library's module matrix (nothing leaves the browser). It is always
// dark on a light plate, in both themes, as scanners expect.
import { useMemo } from "react";
import { encodeQR } from "qr";
import styles from "./SignInDialog.module.css";

/** Quiet zone around the modules, in modules (the standard asks for four). */
const BORDER = 4;

/** The path of the dark modules, each a 1×1 square, in module units. */
export function qrPath(text: string): { size: number; path: string } {
  const modules = encodeQR(text, "raw", { ecc: "medium", border: BORDER });
  let path = "";
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size: modules.length, path };
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className={styles.qr} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
