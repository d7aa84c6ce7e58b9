import { describe, expect, it } from "vitest";
import { historyOperation } from "./history-operation.ts";

describe("historyOperation", () => {
  it("names wasmd's three operations", () => {
    expect(historyOperation("CONTRACT_CODE_HISTORY_OPERATION_TYPE_INIT")).toBe("init");
    expect(historyOperation("CONTRACT_CODE_HISTORY_OPERATION_TYPE_MIGRATE")).toBe("migrate");
    expect(historyOperation("CONTRACT_CODE_HISTORY_OPERATION_TYPE_GENESIS")).toBe("genesis");
  });

  it("leaves anything else unnamed", () => {
    expect(historyOperation("CONTRACT_CODE_HISTORY_OPERATION_TYPE_UNSPECIFIED")).toBeNull();
    expect(historyOperation("init")).toBeNull();
    expect(historyOperation("")).toBeNull();
  });
});
