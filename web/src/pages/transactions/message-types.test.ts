// Labels and search of the message-type filter.
import { describe, expect, it } from "vitest";
import { filterMessageTypes, messageTypeOptions } from "./message-types.ts";

const TYPES = [
  "/axiome.staking.v1beta1.MsgBeginRedelegate",
  "/axiome.staking.v1beta1.MsgDelegate",
  "/axiome.staking.v1beta1.MsgUndelegate",
  "/cosmos.bank.v1beta1.MsgSend",
  "/cosmos.bank.v1beta1.MsgMultiSend",
];

describe("message-type options", () => {
  it("are labelled with the last dot-separated segment and ordered by label", () => {
    expect(messageTypeOptions(TYPES).map((option) => option.label)).toEqual(["MsgBeginRedelegate", "MsgDelegate", "MsgMultiSend", "MsgSend", "MsgUndelegate"]);
  });

  it("are searched case-insensitively on the label only", () => {
    const options = messageTypeOptions(TYPES);
    expect(filterMessageTypes(options, "DELEG").map((option) => option.label)).toEqual(["MsgBeginRedelegate", "MsgDelegate", "MsgUndelegate"]);
    expect(filterMessageTypes(options, "  send ").map((option) => option.label)).toEqual(["MsgMultiSend", "MsgSend"]);
    expect(filterMessageTypes(options, "staking")).toEqual([]);
    expect(filterMessageTypes(options, "")).toHaveLength(TYPES.length);
  });
});
