// Generated bad inputs for the API's parameters: wrong types, out-of-range numbers, unicode, SQL, overlong text, bad addresses.
import { toBech32 } from "@cosmjs/encoding";

const validAccount = toBech32("axm", new Uint8Array(20).fill(7));
const flipLast = (text: string) => text.slice(0, -1) + (text.endsWith("q") ? "p" : "q");

/** Values no numeric, hash or address parameter accepts. */
export const BAD_VALUES: string[] = [
  "",
  " ",
  "0",
  "-1",
  "-0",
  "7",
  "1.5",
  "1e3",
  "0x10",
  "abc",
  "NaN",
  "Infinity",
  "-Infinity",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "99999999999999999999999999",
  "1".repeat(40),
  "9007199254740993",
  "1,2",
  "1;2",
  "1 2",
  "%00",
  "\u0000",
  "ü",
  "😀",
  "日本語",
  "'; drop table blocks; --",
  "1 or 1=1",
  "1' or '1'='1",
  "$1",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "a".repeat(5000),
  "cosmos1qyqszqgpqyqszqgpqyqszqgpqyqszqgpjnp7du",
  flipLast(validAccount),
  validAccount.slice(0, 20).toUpperCase() + validAccount.slice(20),
  "axm1",
  "axmvaloper1",
  "axm1" + "q".repeat(100),
  "0".repeat(63),
  "g".repeat(64),
  "0".repeat(65),
  "AXM",
  "\n",
  "\t1",
  "1\n",
];

/** Every value of BAD_VALUES, plus the same ones wrapped in neighbouring junk: a few hundred in all. */
export function generateBadValues(extra: string[] = []): string[] {
  const base = [...BAD_VALUES, ...extra];
  const wrapped = base.flatMap((v) => [`${v}'`, `-${v}`, `${v}${v}`, `${v}%20`, encodeURIComponent(`${v}é`)]);
  return [...new Set([...base, ...wrapped])];
}

/** A value ready to go into a URL path or query: encoded, except where the raw text is the point. */
export function inUrl(value: string): string {
  return /^[\w.~-]*$/.test(value) ? value : encodeURIComponent(value);
}
