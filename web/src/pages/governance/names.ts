// What the governance screens call an account: the name the API gave (a nickname or a validator's), else nothing.
import type { Government } from "../../api/governance.ts";

/** The government's names by address (empty while it loads). */
export function governorNames(government: Government | undefined): Map<string, string> {
  return new Map((government?.members ?? []).flatMap((m) => (m.name ? [[m.address, m.name] as const] : [])));
}
