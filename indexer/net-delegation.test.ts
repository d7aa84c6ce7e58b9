// The shared net-delegation rule: gross delegate/create_validator amounts less the burn and uaxm partner rewards paid out of them (x/referral/keeper/keeper.go PayUpFees).
import { describe, expect, it } from "vitest";
import { accountToValoper } from "../core/address.ts";
import type { ChainEvent } from "../chain/types.ts";
import { bondedDelegations, REFERRAL_MODULE_ADDRESS } from "./net-delegation.ts";

const DELEGATOR = "axm1z5sh2ns038q6mu7g9w9m5xe5w9yu7ncpknqjlc";
const OTHER = "axm1x27wlx7zfsf2xrrrv6dp4jq398xkur7v0xwldr";
const VALIDATOR = accountToValoper(OTHER);

const event = (type: string, attributes: Record<string, string>, msgIndex = 0): ChainEvent => ({
  type,
  attributes: [...Object.entries(attributes).map(([key, value]) => ({ key, value })), { key: "msg_index", value: String(msgIndex) }],
});

/** x/referral/keeper/keeper.go PayUpFees: burn through the module, then the fees, then the bonded rest. */
function payUpFees(delegator: string, burn: string, fees: [string, string][], msgIndex = 0): ChainEvent[] {
  return [
    event("coin_spent", { spender: delegator, amount: burn }, msgIndex),
    event("transfer", { recipient: REFERRAL_MODULE_ADDRESS, sender: delegator, amount: burn }, msgIndex),
    event("burn", { burner: REFERRAL_MODULE_ADDRESS, amount: burn }, msgIndex),
    ...fees.map(([to, amount]) => event("ref_fee", { to, amount, from: delegator }, msgIndex)),
  ];
}

describe("bonded delegations", () => {
  it("is the referral module's address the SDK derives from its name", () => {
    expect(REFERRAL_MODULE_ADDRESS).toBe("axm1g3t5cjazaf626jl3uxzpx0xm7nnnjz3ke4mm0f");
  });

  it("subtracts the burn and the uaxm partner rewards paid out of the gross delegate amount", () => {
    const events = [
      ...payUpFees(DELEGATOR, "370uaxm", [
        [OTHER, "500uaxm"],
        [OTHER, "630uaxm"],
      ]),
      event("delegate", { validator: VALIDATOR, delegator: DELEGATOR, amount: "10000uaxm" }),
    ];
    expect(bondedDelegations(events)).toEqual([{ index: 5, type: "delegate", validator: VALIDATOR, delegator: DELEGATOR, gross: 10000n, net: 8500n }]);
  });

  it("subtracts nothing for uret partner rewards or an empty burn", () => {
    const events = [...payUpFees(DELEGATOR, "", [[OTHER, "100uret"]]), event("delegate", { amount: "2000uaxm", delegator: DELEGATOR, validator: VALIDATOR })];
    expect(bondedDelegations(events).map((d) => d.net)).toEqual([2000n]);
  });

  it("takes a create_validator's delegator from its operator address", () => {
    const events = [...payUpFees(OTHER, "15uaxm", [[DELEGATOR, "5uaxm"]]), event("create_validator", { validator: VALIDATOR, amount: "100uaxm" })];
    expect(bondedDelegations(events)).toEqual([{ index: 4, type: "create_validator", validator: VALIDATOR, delegator: OTHER, gross: 100n, net: 80n }]);
  });

  it("keeps another message's burn (a Premium purchase) and another delegator's fees apart", () => {
    const events = [
      ...payUpFees(DELEGATOR, "50000000uaxm", [], 0),
      ...payUpFees(OTHER, "7uaxm", [[DELEGATOR, "3uaxm"]], 1),
      event("delegate", { validator: VALIDATOR, delegator: DELEGATOR, amount: "100uaxm" }, 1),
      event("delegate", { validator: VALIDATOR, delegator: OTHER, amount: "100uaxm" }, 1),
    ];
    expect(bondedDelegations(events).map((d) => [d.delegator, d.net])).toEqual([
      [DELEGATOR, 100n],
      [OTHER, 90n],
    ]);
  });
});
