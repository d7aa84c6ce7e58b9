// A team search finds members by a fragment of their nickname or of their address: each member once, whichever side
// (or both) it matched, and only members of the viewed team.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamCount, teamPage, teamPageByOffset, teamAfter, teamSearchPageByWalk, type TeamFilter } from "../db/queries/accounts.ts";
import { MAX_LEVEL } from "../core/partnership-status.ts";
import { syncMembers } from "../indexer/write-accounts.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "./support/databases.ts";

const ROOT = "axm1root000000000000000000000000000000000";
const OTHER_ROOT = "axm1other00000000000000000000000000000000";

/** Members of ROOT's team (level 1 or 2) and one of another team, each with the nickname it has (undefined: no profile). */
const MEMBERS: { address: string; referrer: string; nickname?: string; status: number; delegated: number }[] = [
  { address: "axm1fox00000000000000000000000000000000001", referrer: ROOT, nickname: "Foxtrot", status: 1, delegated: 5 },
  { address: "axm1fox00000000000000000000000000000000002", referrer: ROOT, nickname: "bob", status: 0, delegated: 9 },
  { address: "axm1fox00000000000000000000000000000000003", referrer: ROOT, status: 1, delegated: 1 },
  { address: "axm1fox00000000000000000000000000000000004", referrer: "axm1fox00000000000000000000000000000000001", nickname: "", status: 2, delegated: 7 },
  {
    address: "axm1plain000000000000000000000000000000005",
    referrer: "axm1fox00000000000000000000000000000000001",
    nickname: "silver FOX",
    status: 1,
    delegated: 3,
  },
  { address: "axm1plain000000000000000000000000000000006", referrer: ROOT, nickname: "eve", status: 1, delegated: 8 },
  { address: "axm1fox00000000000000000000000000000000007", referrer: OTHER_ROOT, nickname: "fox", status: 1, delegated: 4 },
  { address: "axm1plain000000000000000000000000000000008", referrer: ROOT, nickname: "FoxyFox", status: 0, delegated: 6 },
  {
    address: "axm1plain000000000000000000000000000000009",
    referrer: "axm1fox00000000000000000000000000000000001",
    nickname: "50%_off",
    status: 2,
    delegated: 2,
  },
  { address: "axm1plain000000000000000000000000000000010", referrer: ROOT, nickname: `${"y".repeat(150)}zed`, status: 0, delegated: 10 },
  { address: "axm1plain000000000000000000000000000000011", referrer: ROOT, nickname: "🦊".repeat(700), status: 0, delegated: 11 },
];
/** ROOT's team searched for "fox": the members with it in their nickname or their address, not the other team's. */
const FOUND = MEMBERS.filter((m) => m.referrer !== OTHER_ROOT && `${m.address} ${m.nickname ?? ""}`.toLowerCase().includes("fox"));

describe.each(ENGINES)("a team search's matches on %s", (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const ancestors = (address: string): string[] => {
      const member = MEMBERS.find((m) => m.address === address);
      return member ? [member.referrer, ...ancestors(member.referrer)] : [];
    };
    for (const root of [ROOT, OTHER_ROOT]) {
      await t.db.query("insert into referrals (address, referrer, registered_height, generation) values ($1, null, 1, 0)", [root]);
    }
    for (const m of MEMBERS) {
      const up = ancestors(m.address);
      await t.db.query("insert into referrals (address, referrer, status, registered_height, generation) values ($1, $2, $3, 2, $4)", [
        m.address,
        m.referrer,
        m.status,
        up.length,
      ]);
      await t.db.query("insert into account_balances (address, delegated) values ($1, $2)", [m.address, m.delegated]);
      for (const [i, ancestor] of up.entries()) {
        await t.db.query("insert into referral_ancestors (ancestor, depth, account, status, delegated) values ($1, $2, $3, $4, $5)", [
          ancestor,
          i + 1,
          m.address,
          m.status,
          m.delegated,
        ]);
      }
      if (m.nickname !== undefined) {
        await t.db.query("insert into profiles (address, nickname, ancestors) values ($1, $2, $3)", [m.address, m.nickname, up]);
      }
    }
  });
  afterAll(async () => {
    await t.drop();
  });

  const search = (q: string, status: number | null = null): TeamFilter => ({ q, level: null, status });
  const addresses = (rows: { address: string }[]) => rows.map((r) => r.address);
  /**
   * Runs `check` with every team searched among all the entries of its fragment, then among its own (migration 040); a
   * failure names the way.
   */
  const bothWays = async (check: () => Promise<void>) => {
    for (const [way, smallTeam] of [
      ["among every entry", -1],
      ["among the team's own entries", 1_000_000],
    ] as const) {
      await t.db.query("update team_search_settings set small_team = $1", [smallTeam]);
      try {
        await check();
      } catch (e) {
        if (e instanceof Error) e.message = `${way}: ${e.message}`;
        throw e;
      }
    }
  };

  it("counts and lists each member once, matched by its nickname, its address or both", async () => {
    await bothWays(async () => {
      const level = (m: (typeof MEMBERS)[number]) => (m.referrer === ROOT ? 1 : 2);
      const expected = [...FOUND].sort((a, b) => level(a) - level(b) || a.address.localeCompare(b.address)).map((m) => m.address);
      expect(await teamCount(t.db, ROOT, search("fox"))).toBe(6);
      expect(addresses(await teamPageByOffset(t.db, ROOT, search("fox"), "level", false, 10, 1))).toEqual(expected);
      expect(addresses(await teamPageByOffset(t.db, ROOT, search("fox"), "level", false, 2, 3))).toEqual(expected.slice(4));
      expect(addresses(await teamAfter(t.db, ROOT, search("fox"), null, 10))).toEqual(expected);
    });
  });

  it("keeps each member once when a status filter or a sort reads its figures", async () => {
    await bothWays(async () => {
      expect(await teamCount(t.db, ROOT, search("fox", 1))).toBe(3);
      expect(await teamCount(t.db, ROOT, { q: "fox", level: 2, status: 1 })).toBe(1);
      const byDelegated = await teamPageByOffset(t.db, ROOT, search("fox"), "delegated", true, 10, 1);
      expect(addresses(byDelegated)).toEqual([...FOUND].sort((a, b) => b.delegated - a.delegated).map((m) => m.address));
    });
  });

  it("sorts and filters a search's matches by the figures of their rows, in every order and direction, as without a search", async () => {
    await bothWays(async () => {
      const ALL = MEMBERS.filter((m) => m.referrer !== OTHER_ROOT).map((m) => m.address);
      for (const order of ["status", "delegated", "unbonding", "teamSize", "level"] as const) {
        for (const descending of [false, true]) {
          for (const status of [null, 1]) {
            // The same order read along the team's own rows, kept to the members the search finds.
            const whole = await teamPageByOffset(t.db, ROOT, { q: null, level: null, status }, order, descending, ALL.length, 1);
            const expected = whole.filter((row) => FOUND.some((m) => m.address === row.address));
            const what = `${order} ${descending ? "desc" : "asc"} status ${status}`;
            expect(await teamPageByOffset(t.db, ROOT, search("fox", status), order, descending, 10, 1), what).toEqual(expected);
            expect(addresses(await teamPageByOffset(t.db, ROOT, search("fox", status), order, descending, 2, 2)), what).toEqual(
              addresses(expected.slice(2, 4)),
            );
          }
        }
      }
    });
  });

  it("finds a member by its new figures once they change, its nickname's entries kept in step with its ancestor rows", async () => {
    const silver = "axm1plain000000000000000000000000000000005";
    const top = async () => addresses(await teamPageByOffset(t.db, ROOT, search("fox"), "delegated", true, 1, 1));
    expect(await top()).not.toEqual([silver]);
    await t.db.query("update account_balances set delegated = 1000, undelegating = 40 where address = $1", [silver]);
    await t.db.query("update referrals set status = 5 where address = $1", [silver]);
    await syncMembers(t.db, [silver]);
    expect(await top()).toEqual([silver]);
    expect(addresses(await teamPageByOffset(t.db, ROOT, search("silver", 5), "unbonding", true, 10, 1))).toEqual([silver]);
    expect(await teamCount(t.db, ROOT, search("fox", 5))).toBe(1);
    expect(await teamCount(t.db, ROOT, search("fox", 1))).toBe(2);
    const entries = await t.db.query<{ n: number }>(
      "select count(*)::int as n from nickname_suffixes where account = $1 and (status, delegated, undelegating) = (5, 1000, 40)",
      [silver],
    );
    expect(entries[0].n, "entries of 'silver fox'").toBe(10);
    // A nickname written afresh takes the member's figures as they are now.
    await t.db.query("update profiles set nickname = 'Silver Foxes' where address = $1", [silver]);
    expect(await top()).toEqual([silver]);
    await t.db.query("update account_balances set delegated = 3, undelegating = 0 where address = $1", [silver]);
    await t.db.query("update referrals set status = 1 where address = $1", [silver]);
    await syncMembers(t.db, [silver]);
    await t.db.query("update profiles set nickname = 'silver FOX' where address = $1", [silver]);
    expect(await top()).not.toEqual([silver]);
    expect(await teamCount(t.db, ROOT, search("fox", 1))).toBe(3);
  });

  it("finds only the viewed team's members, and a fragment of one side alone", async () => {
    await bothWays(async () => {
      expect(addresses(await teamPageByOffset(t.db, OTHER_ROOT, search("fox"), "level", false, 10, 1))).toEqual(["axm1fox00000000000000000000000000000000007"]);
      expect(addresses(await teamPageByOffset(t.db, ROOT, search("silver"), "level", false, 10, 1))).toEqual(["axm1plain000000000000000000000000000000005"]);
      expect(await teamCount(t.db, ROOT, search("fox000"))).toBe(4);
      expect(await teamCount(t.db, "axm1fox00000000000000000000000000000000001", search("fox"))).toBe(2);
    });
  });

  it("takes a fragment's characters literally, finds it anywhere in a nickname of any length, and counts a nickname holding it twice once", async () => {
    await bothWays(async () => {
      const one = async (q: string) => addresses(await teamPageByOffset(t.db, ROOT, search(q), "level", false, 10, 1));
      expect(await one("%_o")).toEqual(["axm1plain000000000000000000000000000000009"]);
      expect(await one("%o")).toEqual([]);
      expect(await one("_off")).toEqual(["axm1plain000000000000000000000000000000009"]);
      expect(await one(`${"y".repeat(97)}zed`)).toEqual(["axm1plain000000000000000000000000000000010"]);
      expect(await one(`y${"y".repeat(99)}`)).toEqual(["axm1plain000000000000000000000000000000010"]);
      expect(await teamCount(t.db, ROOT, search("yfox"))).toBe(1);
      expect(await teamCount(t.db, ROOT, search("FOXY"))).toBe(1);
      expect(await one("🦊🦊🦊")).toEqual(["axm1plain000000000000000000000000000000011"]);
      expect(await teamCount(t.db, ROOT, search("🦊🦊🦊"))).toBe(1);
      expect(await teamCount(t.db, ROOT, search("yy"))).toBe(1);
    });
  });

  it("finds a member by its new nickname once it changes, and no longer by the old one", async () => {
    const eve = "axm1plain000000000000000000000000000000006";
    await t.db.query("update profiles set nickname = 'Renamed' where address = $1", [eve]);
    expect(addresses(await teamPageByOffset(t.db, ROOT, search("renam"), "level", false, 10, 1))).toEqual([eve]);
    expect(await teamCount(t.db, ROOT, search("eve"))).toBe(0);
    await t.db.query("update profiles set nickname = 'eve' where address = $1", [eve]);
    expect(await teamCount(t.db, ROOT, search("eve"))).toBe(1);
    expect(await teamCount(t.db, ROOT, search("renam"))).toBe(0);
  });

  it("numbers each new member's ancestors by key, however many profiles one statement writes (migration 033)", async () => {
    // 300 members of a new team, each under two ancestors of its own: the statement numbers 600 ancestors as it goes.
    const leader = "axm1lead000000000000000000000000000000000";
    const scans = "select seq_scan::int as seq, idx_scan::int as idx from pg_stat_xact_user_tables where relname = 'account_numbers'";
    const [before, after] = await t.db.transaction(async (tx) => {
      const first = await tx.query<{ seq: number; idx: number }>(scans);
      await tx.query(
        `insert into referrals (address, referrer, registered_height, generation)
         select 'axm1many' || lpad(g::text, 33, '0'), 'axm1up' || lpad(g::text, 35, '0'), 2, 3 from generate_series(1, 300) g`,
      );
      await tx.query(
        `insert into profiles (address, nickname, ancestors)
         select 'axm1many' || lpad(g::text, 33, '0'), 'member ' || g,
                array['axm1up' || lpad(g::text, 35, '0'), 'axm1top' || lpad(g::text, 34, '0'), $1]
         from generate_series(1, 300) g`,
        [leader],
      );
      return [first, await tx.query<{ seq: number; idx: number }>(scans)];
    });
    expect(after[0].seq - (before[0]?.seq ?? 0), "whole reads of account_numbers").toBe(0);
    expect(after[0].idx - (before[0]?.idx ?? 0), "look-ups by key").toBeGreaterThanOrEqual(300 * 3);
    expect(await teamCount(t.db, leader, search("member"))).toBe(300);
    await t.db.query(
      `insert into referral_ancestors (ancestor, depth, account) select $1, 3, 'axm1many' || lpad(g::text, 33, '0') from generate_series(1, 300) g`,
      [leader],
    );
    // The leader's own referral is not in the index (a referrer the index has not seen counts as a root): its members'
    // levels are their generations, in every way of reading them.
    await bothWays(async () => {
      expect(await teamCount(t.db, leader, search("member 2"))).toBe(111);
      expect(await teamCount(t.db, leader, { q: "member 3", level: 3, status: null })).toBe(12);
      expect(addresses(await teamPageByOffset(t.db, leader, search("member 300"), "level", false, 10, 1))).toEqual([`axm1many${"300".padStart(33, "0")}`]);
      const page = await teamPage(t.db, leader, search("member 29"), "level", false, 10, 1);
      expect(page.map((r) => [r.address, r.depth])).toEqual(
        [29, ...Array.from({ length: 9 }, (_, i) => 290 + i)].map((n) => [`axm1many${String(n).padStart(33, "0")}`, 3]),
      );
    });
  });

  it("reads a page in level order, or by delegated coins or team size, along its lead's entries in that order exactly as among all the matches (migrations 035, 042)", async () => {
    // A tree of its own: a leader at generation 0, five members under it, three under each of those, and so on to level
    // 4, named from a few stems sharing leads, with two nicknames holding a stem twice and addresses holding "ale";
    // their delegated coins and team sizes few values, so that most members share theirs with others.
    const leader = "axm1walk00000000000000000000000000000000";
    // The walk serves teams too large to be searched among their own entries.
    await t.db.query("update team_search_settings set small_team = -1");
    const stems = ["alex", "alena", "Alexa", "ale-alex", "xale", "bob"];
    await t.db.query("insert into referrals (address, referrer, registered_height, generation) values ($1, null, 1, 0)", [leader]);
    let above = [leader];
    let n = 0;
    const chains = new Map<string, string[]>([[leader, []]]);
    for (let level = 1; level <= 4; level++) {
      const next: string[] = [];
      for (const referrer of above) {
        for (let k = 0; k < (level === 1 ? 5 : 3); k++) {
          const address = `axm1${n % 7 === 0 ? "ale" : "wlk"}${String(n).padStart(34, "0")}`;
          const up = [referrer, ...chains.get(referrer)!];
          chains.set(address, up);
          await t.db.query("insert into referrals (address, referrer, registered_height, generation) values ($1, $2, 2, $3)", [address, referrer, level]);
          await t.db.query("insert into account_balances (address, delegated) values ($1, $2)", [address, (n * 7) % 4]);
          await t.db.query("insert into teams (address, team_size) values ($1, $2)", [address, n % 3]);
          for (const [i, ancestor] of up.entries()) {
            await t.db.query("insert into referral_ancestors (ancestor, depth, account) values ($1, $2, $3)", [ancestor, i + 1, address]);
          }
          if (n % 5 !== 4) await t.db.query("insert into profiles (address, nickname, ancestors) values ($1, $2, $3)", [address, `${stems[n % 6]}${n}`, up]);
          next.push(address);
          n++;
        }
      }
      above = next;
    }
    await syncMembers(t.db, [...chains.keys()]);
    // As autovacuum and the indexer's catch-up leave it: its rows visible to all, so reading an index alone is cheap.
    await t.db.query("vacuum analyze nickname_suffixes");
    const owners = [leader, [...chains].find(([, up]) => up.length === 1)![0], [...chains].find(([, up]) => up.length === 2)![0]];
    // Which of the statement's two ways answered: the walk reads only its order's index, the reading of every match the
    // primary key's range.
    const walkIndexes = { level: "nickname_suffixes_by_generation", delegated: "nickname_suffixes_by_delegated", teamSize: "nickname_suffixes_by_team_size" };
    const scans = `select relname as name, pg_stat_get_xact_numscans(oid)::int as n from pg_class where relname like 'nickname_suffixes_%'`;
    const ways = new Map<string, number>();
    for (const order of ["level", "delegated", "teamSize"] as const) {
      for (const owner of owners) {
        for (const q of ["ale", "alex", "ALE-", "xal", "lex1", "bob"]) {
          for (const level of [null, 2]) {
            const f = { q, level, status: null };
            const last = Math.ceil((await teamCount(t.db, owner, f)) / 4);
            for (const descending of [false, true]) {
              for (const page of new Set([1, 2, 3, last, last + 1].filter((p) => p >= 1))) {
                const what = `${order} ${owner} ${q} level ${level} ${descending ? "desc" : "asc"} page ${page}`;
                const byOffset = await teamPageByOffset(t.db, owner, f, order, descending, 4, page);
                expect(await teamPage(t.db, owner, f, order, descending, 4, page), what).toEqual(byOffset);
                // Held to 12 entries, the walk answers some pages and leaves the others to the reading of every match.
                const [rows, before, after] = await t.db.transaction(async (tx) => {
                  const first = await tx.query<{ name: string; n: number }>(scans);
                  const page12 = await teamSearchPageByWalk(tx, owner, f, order, descending, 4, page, 12);
                  return [page12, first, await tx.query<{ name: string; n: number }>(scans)];
                });
                expect(rows, `${what}, 12 entries`).toEqual(byOffset);
                const used = (name: string) => (after.find((r) => r.name === name)?.n ?? 0) - (before.find((r) => r.name === name)?.n ?? 0);
                expect(used(walkIndexes[order]), what).toBeGreaterThan(0);
                const way = `${order} ${used("nickname_suffixes_pkey") === 0 ? "walk" : "all"}`;
                ways.set(way, (ways.get(way) ?? 0) + 1);
              }
            }
          }
        }
      }
    }
    for (const order of Object.keys(walkIndexes)) {
      expect(ways.get(`${order} walk`), `${order}: pages the walk of 12 entries answered`).toBeGreaterThan(0);
      expect(ways.get(`${order} all`), `${order}: pages read among all the matches`).toBeGreaterThan(0);
    }
  });

  it("searches a small team among its own entries by their paths, at every level of a tree deeper than MAX_LEVEL (migration 040)", async () => {
    // A spine of 20 generations under a leader, each spine member referring the next and three others named from stems
    // sharing a lead. Each member's ancestors are its nearest MAX_LEVEL, as the indexer keeps them.
    const leader = "axm1deep00000000000000000000000000000000";
    const stems = ["alex", "Alexa", "xalex", "bob"];
    const members: { address: string; up: string[]; nickname: string }[] = [];
    await t.db.query("insert into referrals (address, referrer, registered_height, generation) values ($1, null, 1, 0)", [leader]);
    let spine = leader;
    for (let generation = 1; generation <= 20; generation++) {
      const referrer = spine;
      const up = [referrer, ...(members.find((m) => m.address === referrer)?.up ?? [])].slice(0, MAX_LEVEL);
      for (let k = 0; k < 4; k++) {
        const address = `axm1dp${String(generation * 4 + k).padStart(35, "0")}`;
        const nickname = `${stems[(generation + k) % 4]}${generation}`;
        members.push({ address, up, nickname });
        await t.db.query("insert into referrals (address, referrer, status, registered_height, generation) values ($1, $2, $3, 2, $4)", [
          address,
          referrer,
          k % 2,
          generation,
        ]);
        for (const [i, ancestor] of up.entries()) {
          await t.db.query("insert into referral_ancestors (ancestor, depth, account, status) values ($1, $2, $3, $4)", [ancestor, i + 1, address, k % 2]);
        }
        await t.db.query("insert into profiles (address, nickname, ancestors) values ($1, $2, $3)", [address, nickname, up]);
        if (k === 0) spine = address;
      }
    }
    const scans = `select relname as name, pg_stat_get_xact_numscans(oid)::int as n from pg_class
                   where relname in ('nickname_suffixes_pkey', 'nickname_suffixes_by_path')`;
    const owners = [leader, ...[3, 6, 13, 17].map((g) => `axm1dp${String(g * 4).padStart(35, "0")}`), members.at(-1)!.address];
    for (const owner of owners) {
      for (const q of ["ale", "alex", "xal", "bob1"]) {
        for (const level of [null, 1, 6, 14]) {
          for (const status of [null, 1]) {
            const f = { q, level, status };
            const what = `${owner} ${q} level ${level} status ${status}`;
            const expected = members.filter(
              (m) =>
                m.up.includes(owner) &&
                (level === null || m.up.indexOf(owner) + 1 === level) &&
                (status === null || Number(m.address.at(-1)) % 2 === status) &&
                m.nickname.toLowerCase().includes(q),
            ).length;
            const read = async (smallTeam: number) => {
              await t.db.query("update team_search_settings set small_team = $1", [smallTeam]);
              return t.db.transaction(async (tx) => {
                const before = await tx.query<{ name: string; n: number }>(scans);
                const answers = [
                  await teamCount(tx, owner, f),
                  await teamPage(tx, owner, f, "level", false, 3, 1),
                  await teamPage(tx, owner, f, "level", true, 3, 2),
                  await teamPage(tx, owner, f, "delegated", true, 3, 1),
                ];
                const after = await tx.query<{ name: string; n: number }>(scans);
                const used = (name: string) => (after.find((r) => r.name === name)?.n ?? 0) - (before.find((r) => r.name === name)?.n ?? 0);
                return { answers, byPath: used("nickname_suffixes_by_path"), byKey: used("nickname_suffixes_pkey") };
              });
            };
            const [every, own] = [await read(-1), await read(1_000_000)];
            expect(own.answers[0], what).toBe(expected);
            expect(own.answers, what).toEqual(every.answers);
            expect(every.byPath, `${what}: among every entry`).toBe(0);
            expect(own.byKey, `${what}: among the team's own entries`).toBe(0);
          }
        }
      }
    }

    // A team is small by the members its ranges hold. The leader has no ancestors, so each of its levels' ranges is the
    // whole team's (56 members at levels 1 to 14): level 6 (4 members) is not small at 10. A member of generation 13
    // has 13 ancestors, and one of generation 17 the 14 kept: each of their levels has a range of its own.
    await t.db.query(
      `insert into team_counts (ancestor, depth, status, members)
       select ancestor, depth, status, count(*) from referral_ancestors where ancestor = any($1::text[]) group by 1, 2, 3`,
      [owners],
    );
    await t.db.query("update team_search_settings set small_team = 10");
    const ways = async (owner: string, level: number | null) =>
      t.db.transaction(async (tx) => {
        const before = await tx.query<{ name: string; n: number }>(scans);
        await teamCount(tx, owner, { q: "alex", level, status: null });
        const after = await tx.query<{ name: string; n: number }>(scans);
        return ["nickname_suffixes_pkey", "nickname_suffixes_by_path"].map(
          (name) => (after.find((r) => r.name === name)?.n ?? 0) - (before.find((r) => r.name === name)?.n ?? 0),
        );
      });
    const [byKey, byPath] = [
      [1, 0],
      [0, 1],
    ];
    expect(await ways(leader, 6), "the leader's level 6").toEqual(byKey);
    expect(await ways(leader, null), "the leader's team").toEqual(byKey);
    expect(await ways(owners[3], 6), "level 6 of generation 13's member").toEqual(byPath);
    expect(await ways(owners[3], 1), "level 1 of generation 13's member").toEqual(byPath);
    expect(await ways(owners[4], null), "generation 17's member's team (12 members)").toEqual(byKey);
    expect(await ways(owners[4], 2), "level 2 of generation 17's member").toEqual(byPath);
  });
});
