// JSON schemas shared by routes: every parameter a client sends is checked before any query runs.

export const MAX_PAGE = 1_000_000;
export const MAX_HEIGHT = 1_000_000_000_000;

export const pageParams = (pageSizes: number[]) => ({
  type: "object",
  required: ["pageSize", "page"],
  properties: {
    pageSize: { type: "integer", enum: pageSizes },
    page: { type: "integer", minimum: 1, maximum: MAX_PAGE },
  },
});

export const txFilterQuery = {
  type: "object",
  additionalProperties: false,
  properties: {
    type: { type: "string", maxLength: 4000, pattern: "^(/[A-Za-z0-9_.]{1,200})(,/[A-Za-z0-9_.]{1,200}){0,49}$" },
    status: { type: "integer", enum: [0, 1, 2] },
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

export const errorBody = {
  type: "object",
  properties: { error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } } } },
};
