// Operation types and field types: the eleven ids, signs and value types.
import { describe, expect, it } from "vitest";
import { FIELD_TYPES, OPERATION_FIELDS, OPERATION_TYPE_IDS, OPERATION_TYPES, isOperationLanguage, isOperationType } from "./operations.ts";

describe("operation types", () => {
  it("are the product's eleven, with stable snake_case ids", () => {
    expect(OPERATION_TYPE_IDS).toEqual([
      "transfer_in",
      "transfer_out",
      "delegate",
      "undelegate",
      "redelegate",
      "reward",
      "partner_reward",
      "leader_bonus",
      "burn",
      "premium",
      "faucet",
    ]);
    for (const id of OPERATION_TYPE_IDS) expect(id).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it("give incoming coins +1 and outgoing ones -1", () => {
    const signs = Object.fromEntries(OPERATION_TYPE_IDS.map((type) => [type, OPERATION_TYPES[type].sign]));
    expect(signs).toMatchObject({
      transfer_in: 1,
      transfer_out: -1,
      delegate: -1,
      reward: 1,
      partner_reward: 1,
      leader_bonus: 1,
      burn: -1,
      premium: -1,
      faucet: 1,
    });
  });

  it("recognise only their own ids and languages", () => {
    expect(isOperationType("faucet")).toBe(true);
    for (const text of ["toString", "__proto__", "constructor", "Faucet", "", "transfer"]) expect(isOperationType(text), text).toBe(false);
    expect(isOperationLanguage("hi")).toBe(true);
    for (const text of ["EN", "fr", "toString", ""]) expect(isOperationLanguage(text), text).toBe(false);
  });
});

describe("operation fields", () => {
  it("each have a documented value type", () => {
    const types = new Set<number>(Object.values(FIELD_TYPES));
    for (const [key, field] of Object.entries(OPERATION_FIELDS)) expect(types.has(field.t), key).toBe(true);
    expect(FIELD_TYPES).toEqual({ text: 0, address: 1, amount: 2, transaction: 3, date: 4, status: 5, block: 6 });
  });
});
