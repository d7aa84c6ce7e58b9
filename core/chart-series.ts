// The explorer's daily chart series (API.md "Statistics over time", issue 16), in the order the Charts screen shows them,
// and the unit of each one's figures.

/** count: a number of things; axm: whole AXM; ratio: 0 to 1; seconds: a duration. */
export const CHART_UNITS = ["count", "axm", "ratio", "seconds"] as const;
export type ChartUnit = (typeof CHART_UNITS)[number];

export const CHART_SERIES = [
  "transactions",
  "active-addresses",
  "new-addresses",
  "fees",
  "burned",
  "bonded-ratio",
  "block-time",
  "registrations",
  "premium-purchases",
] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

export const CHART_SERIES_UNITS: Record<ChartSeries, ChartUnit> = {
  transactions: "count",
  "active-addresses": "count",
  "new-addresses": "count",
  fees: "axm",
  burned: "axm",
  "bonded-ratio": "ratio",
  "block-time": "seconds",
  registrations: "count",
  "premium-purchases": "count",
};
