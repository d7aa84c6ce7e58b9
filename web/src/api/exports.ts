// Addresses of the CSV exports (API.md "Statistics over time and exports"): plain links the browser downloads, never fetched by the app.
import { api } from "./client.ts";

type QueryValues = Record<string, string | number | null | undefined>;

/** The route under the API's base with the query's non-empty values. */
function exportHref(path: string, query: QueryValues = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return `${api.baseUrl}${path}${text ? `?${text}` : ""}`;
}

const segment = encodeURIComponent;

export const exportLinks = {
  /** `from`/`to` in milliseconds, both ends included; absent: the whole list. */
  transactions: (address: string, range: { from?: number; to?: number } = {}) => exportHref(`/export/${segment(address)}/transactions.csv`, range),
  operations: (address: string, query: { from?: number; to?: number; types?: string[] } = {}) =>
    exportHref(`/export/${segment(address)}/operations.csv`, { from: query.from, to: query.to, type: query.types?.join(",") }),
  team: (address: string, filter: { q?: string; level?: number | null; status?: number | null } = {}) =>
    exportHref(`/export/${segment(address)}/team.csv`, filter),
  holders: (token: string) => exportHref(`/export/token/${segment(token)}/holders.csv`),
};
