// The referral CheckStatus codec against bytes written field by field from the chain's protos (query.proto, types.proto).
import { BinaryReader, BinaryWriter } from "cosmjs-types/binary";
import { describe, expect, it } from "vitest";
import { RULE } from "../core/partnership-conditions.ts";
import { decodeCheckStatus, encodeCheckStatus } from "./status-checks.ts";

function criterion(w: BinaryWriter, c: { met: boolean; rule: number; target: bigint; actual: bigint; x: bigint }): void {
  w.uint32(18).fork();
  if (c.met) w.uint32(8).bool(true);
  w.uint32(16).int32(c.rule).uint32(24).uint64(c.target).uint32(32).uint64(c.actual);
  if (c.x) w.uint32(40).uint64(c.x);
  w.ldelim();
}

describe("CheckStatus", () => {
  it("asks with the address as field 1 and the chain's status enum as field 2", () => {
    const r = new BinaryReader(encodeCheckStatus("axm1abc", 3));
    expect(r.uint32()).toBe(10);
    expect(r.string()).toBe("axm1abc");
    expect(r.uint32()).toBe(16);
    expect(r.int32()).toBe(3);
    expect(r.pos).toBe(r.len);
  });

  it("reads a Leader answer in the chain's order, self stake turned from whole AXM into uaxm", () => {
    // Leader as of v2.2.0 (x/referral/keeper/status_requirements.go): team 20,000 AXM, self 10,000 AXM, 3 active first-line.
    const w = new BinaryWriter();
    w.uint32(10).fork();
    w.uint32(8).bool(false);
    criterion(w, { met: false, rule: RULE.N_COINS_IN_STRUCTURE, target: 20_000n, actual: 12_345n, x: 0n });
    criterion(w, { met: true, rule: RULE.SELF_STAKE, target: 10_000n, actual: 10_000n, x: 0n });
    criterion(w, { met: false, rule: RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, target: 3n, actual: 2n, x: 0n });
    w.ldelim();
    expect(decodeCheckStatus(w.finish())).toEqual([
      { rule: RULE.N_COINS_IN_STRUCTURE, target: 20_000n, actual: 12_345n, parameterX: 0, met: false },
      { rule: RULE.SELF_STAKE, target: 10_000_000_000n, actual: 10_000_000_000n, parameterX: 0, met: true },
      { rule: RULE.N_REFERRALS_WITH_X_REFERRALS_EACH, target: 3n, actual: 2n, parameterX: 0, met: false },
    ]);
  });

  it("keeps parameter_x of the teams rule and refuses a rule it does not know", () => {
    const w = new BinaryWriter();
    w.uint32(10).fork();
    criterion(w, { met: true, rule: RULE.N_TEAMS_OF_X_PEOPLE_EACH, target: 3n, actual: 3n, x: 15n });
    w.ldelim();
    expect(decodeCheckStatus(w.finish())[0]).toMatchObject({ rule: RULE.N_TEAMS_OF_X_PEOPLE_EACH, parameterX: 15, met: true });

    const bad = new BinaryWriter();
    bad.uint32(10).fork();
    criterion(bad, { met: true, rule: 9, target: 1n, actual: 1n, x: 0n });
    bad.ldelim();
    expect(() => decodeCheckStatus(bad.finish())).toThrow(/unknown rule 9/);
  });
});
