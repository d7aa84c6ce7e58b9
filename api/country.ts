// The visitor's country: from a trusted proxy's header when one is configured, else an offline GeoIP lookup of the client IP.
import type { FastifyRequest } from "fastify";
import { countryCode } from "../core/language.ts";

/** The country of an IP as a two-letter code; null when unknown. */
export type CountryLookup = (ip: string) => Promise<string | null>;

export interface CountryOptions {
  /** Header (lower case) in which a trusted proxy names the client's country, such as cf-ipcountry; empty for none. */
  header: string;
  lookup: CountryLookup;
  /** A lookup slower than this counts as unknown. */
  timeoutMs: number;
}

let geoip: Promise<typeof import("geoip-country")> | null = null;

/** Looks the IP up in the GeoLite2 country data the geoip-country package ships: no request leaves the machine. */
export const geoipCountry: CountryLookup = async (ip) => {
  const { default: database } = await (geoip ??= import("geoip-country"));
  return database.lookup(ip)?.country ?? null;
};

export const DEFAULT_COUNTRY_OPTIONS: CountryOptions = { header: "", lookup: geoipCountry, timeoutMs: 200 };

/** The request's country, or null when neither the header nor the lookup knows it in time (or the lookup fails). */
export async function countryOf(request: FastifyRequest, options: CountryOptions): Promise<string | null> {
  const header = options.header ? request.headers[options.header] : undefined;
  const fromHeader = countryCode(typeof header === "string" ? header : undefined);
  if (fromHeader) return fromHeader;
  const lookup = Promise.resolve().then(() => options.lookup(request.ip));
  const found = await withTimeout(lookup, options.timeoutMs).catch(() => null);
  return countryCode(found ?? undefined);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}
