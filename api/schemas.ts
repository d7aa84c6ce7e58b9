// JSON schemas shared by routes: every parameter a client sends is checked before any query runs.

export const MAX_PAGE = 1_000_000;
export const MAX_HEIGHT = 1_000_000_000_000;

/** Page numbers are plain decimal digits: no signs, exponents or spaces that number coercion would let through. */
export const pageParams = (pageSizes: number[]) => ({
  type: "object",
  required: ["pageSize", "page"],
  properties: {
    pageSize: { type: "string", enum: pageSizes.map(String) },
    page: { type: "string", pattern: `^[1-9][0-9]{0,${String(MAX_PAGE).length - 2}}$` },
  },
});

export function pageOf(params: { pageSize: string; page: string }): { pageSize: number; page: number } {
  return { pageSize: Number(params.pageSize), page: Number(params.page) };
}

export const txFilterQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    type: { type: "string", maxLength: 4000, pattern: "^(/[A-Za-z0-9_.]{1,200})(,/[A-Za-z0-9_.]{1,200}){0,49}$" },
    status: { type: "string", enum: ["0", "1", "2"] },
    time: { type: "string", pattern: "^\\d{1,15}_\\d{1,15}$" },
    address: { type: "string", minLength: 1, maxLength: 100 },
  },
};

export const addressQuery = {
  type: "object",
  additionalProperties: false,
  required: ["address"],
  properties: { address: { type: "string", minLength: 1, maxLength: 100 } },
};
