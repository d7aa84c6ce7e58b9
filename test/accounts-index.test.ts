// Integration: balances, the referral tree, team aggregates, statuses and the team list of the index, checked against the devnet's state.
import { readFile } from "node:fs/promises";
import { toBech32 } from "@cosmjs/encoding";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevnetStateView } from "../devnet/index.ts";
import { MAX_LEVEL } from "../core/partnership-status.ts";
import { ACTIVE_DELEGATION } from "../core/partnership-conditions.ts";
import { ENGINES } from "./support/databases.ts";
import { AuthTokens } from "../api/auth-tokens.ts";
import type { Queryable, SqlParam } from "../db/connection.ts";
import { teamPageByFigure, teamPageByOffset, teamPageInLevelOrder } from "../db/queries/accounts.ts";
import { syncMembers } from "../indexer/write-accounts.ts";
import { TEST_AUTH_SECRET, indexedDevnet, type IndexedDevnet } from "./support/pipeline.ts";

const BLOCKS = 300;
/** Teams of at least this many members are counted per bucket of each figure (migration 039): the devnet's largest ones. */
const FIGURE_BUCKETS_FROM = 20;

interface Member {
  address: string;
  level: number;
}

/** The devnet's tree as the explorer keeps it: each account's team over levels 1..14. */
function teamsOf(view: DevnetStateView): Map<string, Member[]> {
  const referrer = new Map(view.referrals().map((r) => [r.address, r.referrer]));
  const teams = new Map<string, Member[]>([[view.referralRoot, []], ...[...referrer.keys()].map((a) => [a, []] as [string, Member[]])]);
  for (const member of referrer.keys()) {
    let level = 1;
    for (let a = referrer.get(member); a && level <= MAX_LEVEL; a = referrer.get(a), level++) teams.get(a)!.push({ address: member, level });
  }
  return teams;
}

const delegatedBy = (view: DevnetStateView, address: string) => view.delegations(address).reduce((sum, d) => sum + d.amount, 0n);
const undelegatingOf = (view: DevnetStateView, address: string) => view.unbondings(address).reduce((sum, u) => sum + u.amount, 0n);

describe.each(ENGINES)("accounts in the index of a devnet on %s", (engine) => {
  let indexed: IndexedDevnet;
  let view: DevnetStateView;
  let teams: Map<string, Member[]>;
  const get = (url: string) => indexed.get(url);
  const status = async (url: string) => (await indexed.app.inject({ method: "GET", url })).statusCode;

  beforeAll(async () => {
    indexed = await indexedDevnet(engine, BLOCKS, {}, (db) => db.query("update team_figure_bucket_settings set least_members = $1", [FIGURE_BUCKETS_FROM]));
    view = indexed.chain.devnet.state;
    teams = teamsOf(view);
  }, 240_000);
  afterAll(async () => {
    await indexed?.close();
  });

  it("answers every account's balances, team and status as the chain has them", async () => {
    const addresses = new Set<string>([
      view.referralRoot,
      ...view.referrals().map((r) => r.address),
      ...view.delegations().map((d) => d.delegator),
      ...view.exchanges.map((e) => e.address),
    ]);
    let beyondFourteen = 0;
    for (const address of addresses) {
      const info = await get(`/api/accounts/info/${address}?fields=balance,referral,ref_info,unbounding`);
      const team = teams.get(address) ?? [];
      const expected = {
        balance: [
          { denom: "uaxm", amount: view.balances(address).toString() },
          { denom: "uaxmd", amount: delegatedBy(view, address).toString() },
        ],
        status: view.status(address),
        referrer: view.referrer(address) ?? null,
        teamSize: team.length,
        teamDelegated: team.reduce((sum, m) => sum + delegatedBy(view, m.address), 0n).toString(),
        teamUndelegating: team.reduce((sum, m) => sum + undelegatingOf(view, m.address), 0n).toString(),
        teamBalance: team.reduce((sum, m) => sum + view.balances(m.address), 0n).toString(),
        downgrade: view.partnerRecord(address)?.statusDowngradeAt ?? null,
        undelegating: undelegatingOf(view, address).toString(),
      };
      const got = {
        balance: info.balance,
        status: info.referral.status,
        referrer: info.referral.referrer,
        teamSize: info.referral.teamSize,
        teamDelegated: info.referral.teamDelegated,
        teamUndelegating: info.referral.teamUndelegating,
        teamBalance: info.referral.teamBalance,
        downgrade: info.refInfo.status_downgrade_at && new Date(info.refInfo.status_downgrade_at).toISOString().replace(".000Z", "Z"),
        undelegating: info.unbounding.reduce((sum: bigint, u: { balance: string }) => sum + BigInt(u.balance), 0n).toString(),
      };
      expect(got, address).toEqual(expected);
      expect(info.refInfo.self_delegated).toBe(expected.balance[1].amount);
      // The chain counts teams at every depth; the explorer at 14 levels: they agree wherever the team is no deeper.
      if (view.teamSize(address) !== team.length) beyondFourteen += 1;
      else expect(info.referral.teamDelegated, address).toBe(view.teamDelegated(address).toString());
    }
    // The devnet's first 16 users form a chain 19 levels deep: only the few accounts at its top have deeper teams.
    expect(beyondFourteen).toBeLessThan(8);
  });

  it("keeps the active team and Premium expiry", async () => {
    for (const address of [
      view.referralRoot,
      ...view
        .referrals()
        .slice(0, 40)
        .map((r) => r.address),
    ]) {
      const [page] = (await get(`/api/accounts/team/${view.referrer(address) ?? address}/paginate/100/1?q=${address}`)).data.filter(
        (m: { _id: string }) => m._id === address,
      );
      const team = teams.get(address)!;
      if (page) expect(page.activeTeam, address).toBe(team.filter((m) => delegatedBy(view, m.address) >= ACTIVE_DELEGATION).length);
      const info = await get(`/api/accounts/info/${address}?fields=referral`);
      const expiry = view.premiumExpiry(address);
      expect(info.referral.premiumExp && new Date(info.referral.premiumExp).toISOString().replace(".000Z", "Z"), address).toBe(expiry ?? null);
      expect(info.referral.name, address).toBe(view.profile(address)?.nickname ?? null);
    }
  });

  it("answers zeros for an address the chain has never seen", async () => {
    const info = await get(`/api/accounts/info/${toBech32("axm", new Uint8Array(20).fill(7))}`);
    expect(info.balance).toEqual([
      { denom: "uaxm", amount: "0" },
      { denom: "uaxmd", amount: "0" },
    ]);
    expect(info.referral).toMatchObject({ status: 0, teamSize: 0, referrer: null, premium: false, telegram: null });
  });

  it("gives only the fields asked for", async () => {
    const info = await get(`/api/accounts/info/${view.referralRoot}?fields=ref_info,claimed_total`);
    expect(Object.keys(info).sort()).toEqual(["claimedTotal", "refInfo", "referralClaimedTotal"]);
  });

  it("names the three exchanges with their logos, and reads profile images from the node's address", async () => {
    expect(view.exchanges).toHaveLength(3);
    for (const exchange of view.exchanges) {
      const { referral } = await get(`/api/accounts/info/${exchange.address}?fields=referral`);
      expect(referral.name).toBe(exchange.name);
      expect(referral.img).toBe(`http://localhost:26657/exchanges/${exchange.address}.svg`);
    }
    const profile = view
      .referrals()
      .map((r) => view.profile(r.address))
      .find((p) => p?.avatar);
    const { referral } = await get(`/api/accounts/info/${profile!.address}?fields=referral`);
    expect(referral.img).toBe(`http://localhost:26657${profile!.avatar}`);
  });

  it("finds a partner by nickname in the global search, in any letter case", async () => {
    const profile = view
      .referrals()
      .map((r) => view.profile(r.address))
      .find((p) => p?.nickname && /^[A-Za-z0-9_-]+$/.test(p.nickname))!;
    const answer = await indexed.app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query: profile.nickname.toUpperCase() } });
    expect(answer.json()).toEqual({ type: "account", data: { account: { address: profile.address } } });
    const unknown = await indexed.app.inject({ method: "POST", url: "/api/blockchain/search", payload: { query: "no_such_partner_nickname" } });
    expect(unknown.json()).toEqual({ type: "unknown", data: null });
  });

  it("filters the team by level, status and text, and counts what it keeps", async () => {
    const root = view.referralRoot;
    const team = teams.get(root)!;
    const all = async (query: string) => {
      const members: { _id: string; level: number; status: number; name: string | null }[] = [];
      for (let page = 1; ; page++) {
        const { data } = await get(`/api/accounts/team/${root}/paginate/100/${page}?${query}`);
        members.push(...data);
        if (data.length < 100) return members;
      }
    };
    for (const level of [1, 2, 5, 14]) {
      const expected = team
        .filter((m) => m.level === level)
        .map((m) => m.address)
        .sort();
      const got = await all(`level=${level}`);
      expect(got.map((m) => m._id).sort(), `level ${level}`).toEqual(expected);
      expect(got.every((m) => m.level === level)).toBe(true);
      expect((await get(`/api/accounts/team/${root}/paginate/records_count?q=&level=${level}&status=`)).total_records).toBe(expected.length);
    }
    for (const s of [0, 1, 2, 3]) {
      const expected = team
        .filter((m) => view.status(m.address) === s)
        .map((m) => m.address)
        .sort();
      expect((await all(`status=${s}`)).map((m) => m._id).sort(), `status ${s}`).toEqual(expected);
      expect((await get(`/api/accounts/team/${root}/paginate/records_count?status=${s}`)).total_records, `count of status ${s}`).toBe(expected.length);
      const atTwo = team.filter((m) => m.level === 2 && view.status(m.address) === s).length;
      expect((await get(`/api/accounts/team/${root}/paginate/records_count?level=2&status=${s}`)).total_records, `level 2, status ${s}`).toBe(atTwo);
    }
    // Every team's counts by level and status, as statuses moved up and down during the run.
    for (const [leader, members] of teams) {
      for (const s of [0, 1, 2]) {
        const n = (await get(`/api/accounts/team/${leader}/paginate/records_count?status=${s}`)).total_records;
        expect(n, `${leader} status ${s}`).toBe(members.filter((m) => view.status(m.address) === s).length);
      }
    }
    const q = "FOX";
    const expected = team
      .filter((m) => (view.profile(m.address)?.nickname ?? "").toLowerCase().includes("fox") || m.address.includes("fox"))
      .map((m) => m.address)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect((await all(`q=${q}`)).map((m) => m._id).sort()).toEqual(expected);
    expect((await get(`/api/accounts/team/${root}/paginate/records_count?q=${q}`)).total_records).toBe(expected.length);
    // A search with a status filter, or sorted by a figure, reads each match's row; one in level order, its level alone.
    for (const s of [0, 1, 2]) {
      const n = (await get(`/api/accounts/team/${root}/paginate/records_count?q=${q}&status=${s}`)).total_records;
      expect(n, `q and status ${s}`).toBe(expected.filter((address) => view.status(address) === s).length);
    }
    const byDelegated: { _id: string; delegated: string }[] = (await get(`/api/accounts/team/${root}/paginate/100/1?q=${q}&order=delegated&direction=desc`))
      .data;
    expect(byDelegated).toHaveLength(Math.min(100, expected.length));
    expect(byDelegated.every((m) => expected.includes(m._id))).toBe(true);
    for (let i = 1; i < byDelegated.length; i++) expect(BigInt(byDelegated[i - 1].delegated) >= BigInt(byDelegated[i].delegated)).toBe(true);
    expect((await get(`/api/accounts/team/${root}/paginate/records_count`)).total_records).toBe(team.length);
  });

  it("orders the team and counts levels from the viewed address", async () => {
    const hub = view.children(view.referralRoot)[0];
    const team = teams.get(hub)!;
    const first = await get(`/api/accounts/team/${hub}/paginate/10/1`);
    const byLevel = [...team].sort((a, b) => a.level - b.level || (a.address < b.address ? -1 : 1)).slice(0, 10);
    expect(first.data.map((m: Member & { _id: string }) => [m._id, m.level])).toEqual(byLevel.map((m) => [m.address, m.level]));
    for (const order of ["delegated", "unbonding", "teamSize", "status", "level"]) {
      for (const direction of ["asc", "desc"]) {
        const { data } = await get(`/api/accounts/team/${hub}/paginate/100/1?order=${order}&direction=${direction}`);
        const key = (m: Record<string, unknown>) => (order === "delegated" || order === "unbonding" ? BigInt(m[order] as string) : BigInt(m[order] as number));
        for (let i = 1; i < data.length; i++) {
          const [a, b] = [key(data[i - 1]), key(data[i])];
          expect(direction === "asc" ? a <= b : a >= b, `${order} ${direction} at ${i}`).toBe(true);
        }
      }
    }
    const { data } = await get(`/api/accounts/team/${hub}/paginate/100/1?order=delegated&direction=desc`);
    // Descending throughout: ties go deepest level first, then by address from the end of the alphabet.
    const top = [...team].sort(
      (a, b) => Number(delegatedBy(view, b.address) - delegatedBy(view, a.address)) || b.level - a.level || (a.address < b.address ? 1 : -1),
    );
    expect(data.slice(0, 10).map((m: { _id: string }) => m._id)).toEqual(top.slice(0, 10).map((m) => m.address));
  });

  it("keeps on every ancestor row its member's status, bonded and unbonding coins and team size as the chain has them", async () => {
    const rows = await indexed.db.query<{ account: string; status: number; delegated: string; undelegating: string; team_size: number }>(
      "select account, status, delegated::text, undelegating::text, team_size from referral_ancestors",
    );
    expect(rows.length).toBe([...teams.values()].reduce((sum, team) => sum + team.length, 0));
    for (const row of rows) {
      const expected = {
        status: view.status(row.account),
        delegated: delegatedBy(view, row.account).toString(),
        undelegating: undelegatingOf(view, row.account).toString(),
        team_size: teams.get(row.account)?.length ?? 0,
      };
      expect({ status: row.status, delegated: row.delegated, undelegating: row.undelegating, team_size: row.team_size }, row.account).toEqual(expected);
    }
  });

  it("keeps on each profile its account's ancestors, nearest first, for accounts of the genesis and those registered since", async () => {
    const profiles = await indexed.db.query<{ address: string; ancestors: string[]; registered_height: string | null }>(
      "select p.address, p.ancestors, r.registered_height::text from profiles p left join referrals r on r.address = p.address",
    );
    for (const p of profiles) {
      const chain: string[] = [];
      for (let a = view.referrer(p.address); a && chain.length < MAX_LEVEL; a = view.referrer(a)) chain.push(a);
      expect(p.ancestors, p.address).toEqual(chain);
    }
    expect(profiles.filter((p) => p.ancestors.length > 0 && p.registered_height === "0").length, "genesis members with profiles").toBeGreaterThan(0);
    expect(profiles.filter((p) => p.ancestors.length > 0 && Number(p.registered_height) > 0).length, "members registered since").toBeGreaterThan(0);
  });

  it("gives each registered account its generation, how many referrers above it, for the genesis's members and those registered since", async () => {
    const rows = await indexed.db.query<{ address: string; generation: number; registered_height: string }>(
      "select address, generation, registered_height::text from referrals",
    );
    for (const r of rows) {
      let generation = 0;
      for (let a = view.referrer(r.address); a; a = view.referrer(a)) generation++;
      expect(r.generation, r.address).toBe(generation);
    }
    expect(rows.filter((r) => r.generation > 1 && r.registered_height === "0").length, "genesis members below the first line").toBeGreaterThan(0);
    expect(rows.filter((r) => r.generation > 1 && Number(r.registered_height) > 0).length, "members registered since below the first line").toBeGreaterThan(0);
  });

  it("keeps every suffix of each member's nickname beside its ancestors, generation and figures as the chain has them, as migration 038 makes them from the profiles", async () => {
    // The suffixes with their ancestors named again by address, so that rows made at two times compare whatever numbers they got.
    const suffixes = () =>
      indexed.db.query<{
        suffix: string;
        account: string;
        earlier: number;
        generation: number;
        lead: string;
        ancestors: string[];
        status: number;
        delegated: string;
        undelegating: string;
        team_size: number;
      }>(
        `select s.suffix, s.account, s.earlier, s.generation, s.lead, s.status, s.delegated::text, s.undelegating::text, s.team_size,
           array(select n.address from unnest(s.ancestors) with ordinality a(number, i) join account_numbers n using (number) order by a.i) as ancestors
         from nickname_suffixes s order by s.suffix, s.account`,
      );
    const kept = await suffixes();
    const profiles = await indexed.db.query<{ address: string; nickname: string; ancestors: string[] }>(
      "select address, nickname, ancestors from profiles where nickname <> '' and cardinality(ancestors) > 0",
    );
    expect(profiles.length).toBeGreaterThan(0);
    for (const p of profiles) {
      // Each suffix cut to 100 characters, at its first position, with how much of it starts earlier.
      const chars = [...p.nickname.toLowerCase()];
      const expected = new Map<string, number>();
      chars.forEach((_, i) => {
        const suffix = chars.slice(i, i + 100);
        if (!expected.has(suffix.join(""))) expected.set(suffix.join(""), seenEarlier(chars, i, suffix.length));
      });
      const rows = kept.filter((r) => r.account === p.address);
      expect(new Map(rows.map((r) => [r.suffix, r.earlier])), p.address).toEqual(expected);
      const generation = (await indexed.db.query<{ generation: number }>("select generation from referrals where address = $1", [p.address]))[0].generation;
      const figures = {
        status: view.status(p.address),
        delegated: delegatedBy(view, p.address).toString(),
        undelegating: undelegatingOf(view, p.address).toString(),
        team_size: teams.get(p.address)?.length ?? 0,
      };
      for (const r of rows) {
        expect(r.ancestors, p.address).toEqual(p.ancestors);
        expect({ generation: r.generation, lead: r.lead }, p.address).toEqual({ generation, lead: [...r.suffix].slice(0, 3).join("") });
        expect({ status: r.status, delegated: r.delegated, undelegating: r.undelegating, team_size: r.team_size }, p.address).toEqual(figures);
      }
    }
    expect(kept.length).toBe(new Set(kept.map((r) => `${r.suffix} ${r.account}`)).size);
    expect(new Set(kept.map((r) => r.account)).size).toBe(profiles.length);
    // Some entries hold figures other than none, so the comparison above tells a kept figure from a default.
    expect(kept.filter((r) => r.delegated !== "0" || r.team_size > 0).length, "entries with figures").toBeGreaterThan(0);
    const migration = await readFile(new URL("../db/migrations/038_nickname_suffixes_with_figures.sql", import.meta.url), "utf8");
    // Its statements at the start of a line (a function's body is indented).
    const backfill = migration.split(";").filter((statement) => /^\n*insert /.test(statement.replace(/^--.*$/gm, "")));
    expect(backfill.length).toBe(1);
    await indexed.db.transaction(async (tx) => {
      await tx.query("delete from nickname_suffixes");
      for (const statement of backfill) await tx.query(statement);
    });
    expect(await suffixes()).toEqual(kept);
  });

  it("reads every page of a team in level order from its buckets exactly as the OFFSET walk reads it", async () => {
    // The buckets and groups the indexer kept block by block are those of the whole ancestor table (as migrations 020 and 029 fill them).
    const kept = await indexed.db.query("select ancestor, depth, bucket, members, first, last from team_buckets order by 1, 2, 3");
    const counted = await indexed.db.query(
      `select ancestor, depth, left(account, 6) as bucket, count(*)::int as members, min(account) as first, max(account) as last
       from referral_ancestors group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(counted);
    const groups = await indexed.db.query("select ancestor, depth, bucket_group, members from team_bucket_groups order by 1, 2, 3");
    const groupsCounted = await indexed.db.query(
      `select ancestor, depth, left(account, 5) as bucket_group, count(*)::int as members from referral_ancestors group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(groups).toEqual(groupsCounted);
    const largest = [...teams].sort((a, b) => b[1].length - a[1].length).slice(0, 3);
    for (const [leader, members] of largest) {
      for (const level of [null, 1, 2, MAX_LEVEL]) {
        for (const size of [3, 10]) {
          for (const descending of [false, true]) {
            const pages = Math.ceil(members.filter((m) => level === null || m.level === level).length / size) + 1;
            for (let page = 1; page <= pages; page++) {
              const byOffset = await teamPageByOffset(indexed.db, leader, { q: null, level, status: null }, "level", descending, size, page);
              const byBuckets = await teamPageInLevelOrder(indexed.db, leader, level, descending, size, page);
              expect(byBuckets, `${leader} level ${level} size ${size} ${descending ? "desc" : "asc"} page ${page}`).toEqual(byOffset);
            }
          }
        }
      }
    }
  });

  /** The teams counted per bucket of a figure, their buckets and the buckets' groups, as the index keeps them. */
  const figureBuckets = async () => ({
    teams: await indexed.db.query("select ancestor from figure_bucketed_teams order by 1"),
    buckets: await indexed.db.query("select ancestor, figure, bucket, members from team_figure_buckets where members <> 0 order by 1, 2, 3"),
    groups: await indexed.db.query("select ancestor, figure, bucket_group, members from team_figure_bucket_groups where members <> 0 order by 1, 2, 3"),
    tieGroups: await indexed.db.query(
      "select ancestor, figure, bucket, depth, bucket_group, members from team_figure_tie_groups where members <> 0 order by 1, 2, 3, 4, 5",
    ),
    tieBuckets: await indexed.db.query(
      "select ancestor, figure, bucket, depth, tie_bucket, members from team_figure_tie_buckets where members <> 0 order by 1, 2, 3, 4, 5",
    ),
  });
  const FIGURE_TABLES = ["figure_bucketed_teams", "team_figure_buckets", "team_figure_bucket_groups", "team_figure_tie_groups", "team_figure_tie_buckets"];
  const byFigure = `from referral_ancestors a join figure_bucketed_teams t on t.ancestor = a.ancestor
       cross join lateral (values (0, a.status::numeric), (1, a.delegated), (2, a.undelegating), (3, a.team_size::numeric)) f(figure, value)`;
  /** Runs a migration's one statement that calls `fn` on the index as it is: its backfill. */
  const runBackfill = async (file: string, fn: string) => {
    const migration = await readFile(new URL(`../db/migrations/${file}`, import.meta.url), "utf8");
    const backfill = migration.split(";").filter((statement) => new RegExp(`^\\n*select ${fn}\\(`).test(statement.replace(/^--.*$/gm, "")));
    expect(backfill).toHaveLength(1);
    await indexed.db.query(backfill[0]);
  };
  /** A node of a statement's plan as `explain (analyze, format json)` gives it. */
  interface PlanNode {
    "Node Type": string;
    "Parent Relationship"?: string;
    "Relation Name"?: string;
    "Function Name"?: string;
    "Actual Rows": number;
    "Actual Loops": number;
    Plans?: PlanNode[];
  }
  /** A database whose every statement is run on `db` under `explain analyze`, its plan handed to `seen`, and answers no rows. */
  const explaining = (db: Queryable, seen: (plan: PlanNode) => void): Queryable =>
    ({
      query: async <T>(sql: string, params?: SqlParam[]) => {
        const [row] = await db.query<{ "QUERY PLAN": string | [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${sql}`, params);
        const json = row["QUERY PLAN"];
        seen((typeof json === "string" ? JSON.parse(json) : json)[0].Plan);
        return [] as T[];
      },
    }) as Queryable;

  it("counts each large team's members per bucket of each figure, block by block, as the ancestor rows hold them", async () => {
    const kept = await figureBuckets();
    const large = [...teams].filter(([, members]) => members.length >= FIGURE_BUCKETS_FROM).map(([leader]) => ({ ancestor: leader }));
    expect(large.length).toBeGreaterThan(1);
    expect(large.length).toBeLessThan(teams.size);
    expect(kept.teams).toEqual(large.sort((a, b) => (a.ancestor < b.ancestor ? -1 : 1)));
    expect(kept.buckets).toEqual(
      await indexed.db.query(
        `select a.ancestor, f.figure::int2 as figure, figure_bucket(f.value) as bucket, count(*)::int as members ${byFigure} group by 1, 2, 3 order by 1, 2, 3`,
      ),
    );
    expect(kept.groups).toEqual(
      await indexed.db.query(
        `select a.ancestor, f.figure::int2 as figure, figure_bucket(f.value) / 100 as bucket_group, count(*)::int as members ${byFigure} group by 1, 2, 3 order by 1, 2, 3`,
      ),
    );
    // The members moved between buckets: the devnet's delegations spread the largest team over more than one bucket of coins.
    expect(kept.buckets.filter((b) => b.ancestor === view.referralRoot && Number(b.figure) === 1).length).toBeGreaterThan(1);
  });

  it("counts each large team's members of one value in level order, and bounds each bucket of their addresses by its first and last", async () => {
    const kept = await figureBuckets();
    const tied = `${byFigure} where figure_bucket(f.value) < 10000`;
    expect(kept.tieGroups).toEqual(
      await indexed.db.query(
        `select a.ancestor, f.figure::int2 as figure, figure_bucket(f.value) as bucket, a.depth, left(a.account, 5) as bucket_group, count(*)::int as members
         ${tied} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      ),
    );
    expect(kept.tieBuckets).toEqual(
      await indexed.db.query(
        `select a.ancestor, f.figure::int2 as figure, figure_bucket(f.value) as bucket, a.depth, left(a.account, 6) as tie_bucket, count(*)::int as members
         ${tied} group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      ),
    );
    // The members who left a value leave its buckets' first and last as they were: each still bounds those who remain.
    const unbounded = await indexed.db.query(
      `select k.* from team_figure_tie_buckets k join (
         select a.ancestor, f.figure::int2 as figure, figure_bucket(f.value) as bucket, a.depth, left(a.account, 6) as tie_bucket,
           min(a.account) as first, max(a.account) as last
         ${tied} group by 1, 2, 3, 4, 5) r using (ancestor, figure, bucket, depth, tie_bucket)
       where k.first > r.first or k.last < r.last or left(k.first, 6) <> k.tie_bucket or left(k.last, 6) <> k.tie_bucket`,
    );
    expect(unbounded).toEqual([]);
    // Members left values and entered others as the chain went on (a count now 0), and the root's team holds several
    // levels of one value.
    expect((await indexed.db.query("select count(*)::int as n from team_figure_tie_buckets where members = 0"))[0].n).toBeGreaterThan(0);
    expect(new Set(kept.tieGroups.filter((g) => g.ancestor === view.referralRoot).map((g) => g.depth)).size).toBeGreaterThan(1);
  });

  it("counts the large teams of an index built before migration 039 as the indexer counts them", async () => {
    const written = await figureBuckets();
    for (const table of FIGURE_TABLES) await indexed.db.query(`delete from ${table}`);
    await runBackfill("039_team_figure_buckets.sql", "count_large_teams_by_figure");
    expect(await figureBuckets()).toEqual(written);
  });

  it("counts the members of one value of an index built before migration 043 as the indexer counts them", async () => {
    const written = await figureBuckets();
    expect(written.tieBuckets.length).toBeGreaterThan(0);
    for (const table of ["team_figure_tie_groups", "team_figure_tie_buckets"]) await indexed.db.query(`delete from ${table}`);
    await runBackfill("043_team_figure_ties.sql", "count_figure_ties");
    expect(await figureBuckets()).toEqual(written);
  });

  it("reads every page of a team sorted by a figure from its buckets exactly as the OFFSET walk reads it", async () => {
    const bySize = [...teams].sort((a, b) => b[1].length - a[1].length);
    const small = bySize.find(([, members]) => members.length > 3 && members.length < FIGURE_BUCKETS_FROM)!;
    for (const [leader, members] of [...bySize.slice(0, 2), small]) {
      for (const order of ["status", "delegated", "unbonding", "teamSize"] as const) {
        for (const size of [3, 10]) {
          for (const descending of [false, true]) {
            for (let page = 1; page <= Math.ceil(members.length / size) + 1; page++) {
              const byOffset = await teamPageByOffset(indexed.db, leader, { q: null, level: null, status: null }, order, descending, size, page);
              const byBuckets = await teamPageByFigure(indexed.db, leader, order, descending, size, page);
              expect(byBuckets, `${leader} by ${order} size ${size} ${descending ? "desc" : "asc"} page ${page}`).toEqual(byOffset);
            }
          }
        }
      }
    }
  });

  it("skips the members before a page sorted by a figure by their buckets' counts, not by walking them", async () => {
    const members = teams.get(view.referralRoot)!.length;
    const page = Math.floor(members / 10);
    const reads = (node: PlanNode, table: string): boolean => node["Relation Name"] === table || (node.Plans ?? []).some((p) => reads(p, table));
    /** The most rows a LIMIT over the ancestor rows was given, in the page's statement run with `explain analyze`: the page and the rows it skipped. */
    const walked = async (read: (db: Queryable) => Promise<unknown>) => {
      let plan: PlanNode | undefined;
      await read(explaining(indexed.db, (p) => (plan = p)));
      const limits: number[] = [];
      const visit = (node: PlanNode) => {
        const child = node.Plans?.find((p) => p["Parent Relationship"] === "Outer");
        if (node["Node Type"] === "Limit" && child && child["Actual Loops"] > 0 && reads(child, "referral_ancestors")) limits.push(child["Actual Rows"]);
        (node.Plans ?? []).forEach(visit);
      };
      visit(plan!);
      expect(limits.length).toBeGreaterThan(0);
      return Math.max(...limits);
    };
    const offset = (page - 1) * 10;
    expect(await walked((db) => teamPageByOffset(db, view.referralRoot, { q: null, level: null, status: null }, "delegated", true, 10, page))).toBe(
      offset + 10,
    );
    expect(await walked((db) => teamPageByFigure(db, view.referralRoot, "delegated", true, 10, page))).toBeLessThan(offset / 2);
    // Half way into the team's leaves (a team size of 0, one bucket of one value) a page skips only the members before
    // it in its bucket of addresses at its level.
    const [leaves] = await indexed.db.query<{ members: number; most: number }>(
      `select (select members from team_figure_buckets where ancestor = $1 and figure = 3 and bucket = 0) as members,
         (select max(members) from team_figure_tie_buckets where ancestor = $1 and figure = 3 and bucket = 0) as most`,
      [view.referralRoot],
    );
    const amongLeaves = Math.floor(leaves.members / 20);
    expect(leaves.most + 10).toBeLessThan(((amongLeaves - 1) * 10) / 2);
    expect(await walked((db) => teamPageByFigure(db, view.referralRoot, "teamSize", false, 10, amongLeaves))).toBeLessThanOrEqual(leaves.most + 10);
  });

  it("works out the nickname suffixes of the members whose figures changed once a member, not once an entry", async () => {
    const members = (await indexed.db.query<{ address: string }>("select address from profiles where nickname <> '' order by address limit 20")).map(
      (r) => r.address,
    );
    const entries = (await indexed.db.query<{ n: number }>("select count(*)::int as n from nickname_suffixes"))[0].n;
    expect(entries).toBeGreaterThan(members.length * 10);
    /** The most times one statement of the sync listed a nickname's suffixes (generate_series over its characters). */
    let most = 0;
    const visit = (node: PlanNode) => {
      if (node["Function Name"] === "generate_series") most = Math.max(most, node["Actual Loops"]);
      (node.Plans ?? []).forEach(visit);
    };
    const rolledBack = new Error("rolled back");
    await indexed.db
      .transaction(async (tx) => {
        await tx.query("update account_balances set delegated = delegated + 1000000 where address = any($1::text[])", [members]);
        await syncMembers(explaining(tx, visit), members);
        throw rolledBack;
      })
      .catch((e: unknown) => {
        if (e !== rolledBack) throw e;
      });
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(members.length);
  });

  it("groups the buckets of an index built before migration 029 as the indexer groups a new one", async () => {
    const groups = () => indexed.db.query("select ancestor, depth, bucket_group, members from team_bucket_groups order by 1, 2, 3");
    const written = await groups();
    expect(written.some((g) => Number(g.members) > 1)).toBe(true);
    await indexed.db.query("delete from team_bucket_groups");
    const migration = await readFile(new URL("../db/migrations/029_team_bucket_groups.sql", import.meta.url), "utf8");
    for (const statement of migration.split(";").filter((s) => /^\s*insert /m.test(s.replace(/^--.*$/gm, "")))) await indexed.db.query(statement);
    expect(await groups()).toEqual(written);
  });

  it("shows telegram handles to a signed-in Premium visitor only", async () => {
    const tokens = new AuthTokens(TEST_AUTH_SECRET, 3600);
    // The API weighs Premium against the wall clock, as a visitor's Premium runs in real time.
    const accounts = view.referrals().map((r) => r.address);
    const premium = accounts.find((a) => Date.parse(view.premiumExpiry(a) ?? "1970-01-01T00:00:00Z") > Date.now() + 60_000)!;
    const plain = accounts.find((a) => view.premiumExpiry(a) === undefined)!;
    const handles = async (visitor: string) => {
      const { token } = await tokens.issue(visitor);
      const answer = await indexed.app.inject({
        method: "GET",
        url: `/api/accounts/team/${view.referralRoot}/paginate/100/1`,
        headers: { authorization: `Bearer ${token}` },
      });
      return (answer.json().data as { _id: string; telegram: string | null }[]).map((m) => [m._id, m.telegram]);
    };
    const expected = (await handles(premium)).map(([address]) => [address, view.profile(address!)?.telegram || null]);
    expect(expected.some(([, telegram]) => telegram !== null)).toBe(true);
    expect(await handles(premium)).toEqual(expected);
    expect((await handles(plain)).every(([, telegram]) => telegram === null)).toBe(true);
  });

  it("names referrers and hides telegram handles from anonymous visitors", async () => {
    const { data, names } = await get(`/api/accounts/team/${view.referralRoot}/paginate/100/1`);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((m: { telegram: string | null }) => m.telegram === null)).toBe(true);
    const referrers = [...new Set(data.map((m: { referrer: string | null }) => m.referrer).filter((r: string | null) => r !== null))] as string[];
    const named = referrers.filter((r) => view.profile(r)?.nickname).map((r) => [r, view.profile(r)!.nickname]);
    expect(named.length).toBeGreaterThan(0);
    expect(Object.entries(names).sort()).toEqual(named.sort());
    const withTelegram = view.referrals().find((r) => view.profile(r.address)?.telegram)!;
    expect((await get(`/api/accounts/info/${withTelegram.address}?fields=referral`)).referral.telegram).toBeNull();
  });

  it("answers 400 to malformed input", async () => {
    const root = view.referralRoot;
    for (const url of [
      "/api/accounts/info/axm1notanaddress",
      `/api/accounts/info/${root}x`,
      `/api/accounts/info/${root}?fields=balance,secret`,
      `/api/accounts/info/${root}?fields=`,
      `/api/accounts/info/${root}?other=1`,
      "/api/accounts/team/nobody/paginate/records_count",
      `/api/accounts/team/${root}/paginate/records_count?level=15`,
      `/api/accounts/team/${root}/paginate/records_count?level=0`,
      `/api/accounts/team/${root}/paginate/records_count?status=8`,
      `/api/accounts/team/${root}/paginate/records_count?q=${"x".repeat(101)}`,
      `/api/accounts/team/${root}/paginate/7/1`,
      `/api/accounts/team/${root}/paginate/10/0`,
      `/api/accounts/team/${root}/paginate/10/1?order=name`,
      `/api/accounts/team/${root}/paginate/10/1?direction=up`,
      `/api/accounts/team/${root}/paginate/10/1?level=1.5`,
      `/api/accounts/team/${root}/paginate/10/1?level=1&level=2`,
    ]) {
      expect(await status(url), url).toBe(400);
    }
    // Past the router's parameter length the answer is 414, still a client error with the JSON body.
    expect(await status(`/api/accounts/info/${"a".repeat(300)}`)).toBe(414);
  });
});

/** How many of the first `length` characters of the suffix starting at `at` also start at one of the 400 characters before it. */
function seenEarlier(chars: string[], at: number, length: number): number {
  let most = 0;
  for (let j = Math.max(0, at - 400); j < at; j++) {
    let k = 0;
    while (k < length && chars[j + k] === chars[at + k]) k++;
    most = Math.max(most, k);
  }
  return most;
}
