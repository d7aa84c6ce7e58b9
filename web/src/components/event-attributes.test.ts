// @vitest-environment node
// Event attributes shown as a { key: value } object unless a key repeats.
import { describe, expect, it } from "vitest";
import { attributesJson } from "./event-attributes.ts";

describe("event attributes as JSON", () => {
  it("is an object of key and value when every key is distinct", () => {
    expect(
      attributesJson([
        { key: "spender", value: "axm1m3h30wlvsf8llruxtpukdvsy0km2kum8uenpe8" },
        { key: "amount", value: "351963uaxm" },
      ]),
    ).toEqual({ spender: "axm1m3h30wlvsf8llruxtpukdvsy0km2kum8uenpe8", amount: "351963uaxm" });
    expect(attributesJson([])).toEqual({});
  });

  it("keeps the list when a key repeats, so no value is lost", () => {
    const attributes = [
      { key: "amount", value: "1uaxm" },
      { key: "amount", value: "2uaxm" },
    ];
    expect(attributesJson(attributes)).toEqual(attributes);
  });
});
