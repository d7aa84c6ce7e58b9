// The referral genesis as axm-node exports it (proto/axiome/referral/v1beta1/genesis.proto) read into the seed of the tree.
import { describe, expect, it } from "vitest";
import { genesisAccounts } from "./seed-accounts.ts";

const [ROOT, A, B, C] = [
  "axm1rvfjg9jdzspe3f9cdja96sxfd30fnyqlgw4ftg",
  "axm1z5sh2ns038q6mu7g9w9m5xe5w9yu7ncpknqjlc",
  "axm1x27wlx7zfsf2xrrrv6dp4jq398xkur7v0xwldr",
  "axm1l5vu7yh6xyj64st8dyjqm6urqpkercahsj5q4n",
];

describe("the referral genesis", () => {
  it("reads top-level accounts as roots, other_accounts as referrers, enum statuses and downgrades", () => {
    const g = genesisAccounts({
      referral: {
        params: { delegating_award: { network: ["5%"] }, status_downgrade_period: 604800, uret_mode: false },
        top_level_accounts: [{ address: ROOT, status: "STATUS_MEGA" }],
        other_accounts: [
          {
            referrer: ROOT,
            referrals: [
              { address: A, status: "STATUS_LEADER" },
              { address: B, status: "STATUS_DEPRECATED" },
            ],
          },
          { referrer: A, referrals: [{ address: C, status: "STATUS_NEW" }] },
        ],
        downgrades: [{ account: A, current: "STATUS_LEADER", time: "2026-01-08T00:00:00Z" }],
      },
      profiles: { accounts: [{ address: ROOT, nickname: "root" }] },
    });
    expect(g.roots).toEqual([ROOT]);
    expect([...g.referrers]).toEqual([
      [A, ROOT],
      [B, ROOT],
      [C, A],
    ]);
    expect([...g.statuses]).toEqual([
      [ROOT, { status: 7, downgradeAt: null }],
      [A, { status: 2, downgradeAt: "2026-01-08T00:00:00Z" }],
      [B, { status: 0, downgradeAt: null }],
      [C, { status: 0, downgradeAt: null }],
    ]);
    expect(g.profiles.map((p) => [p.address, p.nickname])).toEqual([[ROOT, "root"]]);
  });

  it("has an empty tree when the genesis has no referral state", () => {
    expect(genesisAccounts({})).toMatchObject({ roots: [], referrers: new Map(), statuses: new Map(), profiles: [] });
  });
});
