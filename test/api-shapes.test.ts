// Every answer the web client receives from an indexed devnet, route family by route family, holds to its shape in shapes/.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { TSchema } from "typebox";
import Value from "typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthTokens } from "../api/auth-tokens.ts";
import { buildApi } from "../api/server.ts";
import { apiConfig } from "../cli/services.ts";
import { loadConfig } from "../cli/config.ts";
import type { DevnetStateView } from "../devnet/index.ts";
import * as accounts from "../shapes/accounts.ts";
import * as charts from "../shapes/charts.ts";
import * as chainShapes from "../shapes/chain.ts";
import { TotalRecords } from "../shapes/common.ts";
import * as contracts from "../shapes/contracts.ts";
import * as governance from "../shapes/governance.ts";
import * as operations from "../shapes/operations.ts";
import * as richList from "../shapes/rich-list.ts";
import * as service from "../shapes/service.ts";
import * as transactions from "../shapes/transactions.ts";
import * as validators from "../shapes/validators.ts";
import { ApiClient } from "../web/src/api/client.ts";
import { fetchChart } from "../web/src/api/charts.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";
import { indexerFor, serveDevnet, TEST_AUTH_SECRET, type ServedDevnet } from "./support/pipeline.ts";

const BLOCKS = 130;

/** The answer, after checking it against the shape: a failure names the first fields that leave it. */
function checked<T>(shape: TSchema, answer: T, what: string): T {
  const errors = Value.Check(shape, answer) ? [] : [...Value.Errors(shape, answer)].slice(0, 5);
  expect(
    errors.map((e) => `${e.instancePath} ${e.message}`),
    what,
  ).toEqual([]);
  return answer;
}

describe("answers of an indexed devnet against their shapes", () => {
  let chain: ServedDevnet;
  let t: TestDatabase;
  let app: FastifyInstance;
  let view: DevnetStateView;
  let client: ApiClient;
  let token: string | null = null;

  beforeAll(async () => {
    chain = await serveDevnet(BLOCKS);
    view = chain.devnet.state;
    t = await createTestDatabase("pglite");
    expect(await indexerFor(t.db, chain.url).catchUp()).toBe(BLOCKS);
    const priced = view.cw20Tokens()[0].contract;
    app = await buildApi({
      db: t.db,
      config: apiConfig(loadConfig({}), true),
      node: { rpcUrl: chain.url, timeoutMs: 5000 },
      prices: { tokens: { [priced]: "0.5" }, axmUsd: "2" },
      auth: { secret: TEST_AUTH_SECRET, tokenTtlSeconds: 3600 },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    client = new ApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, token: () => token });
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await chain?.devnet.close();
    await t?.drop();
  });

  it("chain: statistics, search, blocks and consensus entries", async () => {
    checked(service.AppConfig, await client.config(), "config");
    checked(chainShapes.ChainStat, await client.stat(), "stat");
    checked(chainShapes.MessageTypes, await client.messageTypes(), "message types");
    const latest = checked(chainShapes.Block, await client.latestBlock(), "latest block");
    checked(chainShapes.BlockDetail, await client.block(latest._id - 1), "block");
    checked(chainShapes.BlockOrRange, await client.blocks(latest._id - 20, latest._id), "block range");
    const consensus = checked(chainShapes.ConsensusEntry, await client.latestConsensus(), "latest consensus");
    checked(chainShapes.ConsensusOrRange, await client.consensus(consensus._id - 20, consensus._id), "consensus range");
    for (const query of [
      String(latest._id),
      view.txs[0].hash,
      view.referralRoot,
      view.validators()[0].operatorAddress,
      view.contracts()[0].address,
      "nothing",
      "AXMG",
      "Cobalt Validator",
    ]) {
      checked(chainShapes.SearchAnswer, await client.search(query), `search ${query}`);
      checked(chainShapes.Suggestions, await client.suggest(query), `suggestions for ${query}`);
    }
    for (const query of ["harbor", "a", "s"]) checked(chainShapes.Suggestions, await client.suggest(query), `suggestions for ${query}`);
  });

  it("transactions and events", async () => {
    checked(transactions.TxPage, await client.transactions(100, 1), "transactions");
    checked(TotalRecords, await client.transactionsCount({ status: 1 }), "transactions count");
    for (const tx of view.txs.filter((_, i) => i % 10 === 0)) checked(transactions.TxDetail, await client.transaction(tx.hash), `transaction ${tx.hash}`);
    checked(TotalRecords, await client.addressEventsCount(view.referralRoot), "events count");
    checked(transactions.EventsPage, await client.addressEvents(view.referralRoot, 1), "events");
  });

  it("validators and their delegations", async () => {
    const list = checked(validators.ValidatorList, await client.validators(), "validators");
    checked(validators.DelegationList, await client.delegations(list[0].bech32Address, 1), "delegations");
    checked(chainShapes.ConsensusOrRange, await client.consensus(1, 20, undefined, list[0].consensusAddress), "one validator's consensus");
  });

  it("accounts, the team, the partnership programme and operations", async () => {
    const members = [
      view.referralRoot,
      ...view
        .referrals()
        .slice(0, 5)
        .map((r) => r.address),
    ];
    for (const address of members) {
      checked(accounts.AccountInfo, await client.accountInfo(address, accounts.INFO_FIELDS), `account ${address}`);
      checked(accounts.TeamCount, await client.teamCount(address), `team count ${address}`);
      checked(accounts.TeamPage, await client.team(address, 100, 1, {}, { order: "delegated", direction: "desc" }), `team ${address}`);
      checked(accounts.StatusProgress, await client.statusProgress(address), `status progress ${address}`);
      checked(accounts.StatusKpi, await client.statusKpi(address), `status KPI ${address}`);
      checked(operations.Operations, await client.operations(address, { types: [], timeFrom: Date.now(), lang: "de" }), `operations ${address}`);
    }
    for (const { delegator } of view.delegations().slice(0, 5)) {
      checked(accounts.AccountDelegations, await client.accountDelegations(delegator), `delegations of ${delegator}`);
    }
    checked(accounts.LeaderBonusTable, await client.leaderBonus(), "leader bonus");
    const rich = checked(richList.RichList, await client.richList(null), "rich list");
    checked(richList.RichList, await client.richList(rich.nextCursor), "rich list, second page");
    checked(operations.OperationTypes, await client.operationTypes(), "operation types");
  });

  it("contracts, codes and CW-20 tokens", async () => {
    checked(contracts.ContractPage, await client.contracts(100, 0), "contracts");
    const codes = checked(contracts.CodePage, await client.codes(100, 0), "codes");
    checked(contracts.Code, await client.code(codes.codes[0].id), "code");
    checked(contracts.ContractPage, await client.codeContracts(codes.codes[0].id, 10, 0), "code contracts");
    for (const { address } of view.contracts().slice(0, 3)) {
      checked(contracts.ContractInfoAnswer, await client.contract(address), `contract ${address}`);
      checked(contracts.ContractHistoryPage, await client.contractHistory(address, null), `history ${address}`);
      checked(contracts.ContractStatePage, await client.contractState(address, null), `state ${address}`);
    }
    const tokens = checked(contracts.TokenListPage, await client.tokens(null), "tokens");
    for (const { id } of tokens.tokens) {
      checked(contracts.Token, await client.cw20Token(id), `token ${id}`);
      checked(contracts.TokenHoldersPage, await client.tokenHolders(id, null), `holders ${id}`);
      checked(contracts.ContractAnswer, await client.tokenMarketing(id), `marketing ${id}`);
      checked(contracts.ContractAnswer, await client.tokenInfo(id), `token info ${id}`);
    }
    const holder = [...view.cw20Balances(tokens.tokens[0].id).keys()][0];
    checked(
      contracts.AssetBalances,
      await client.assetBalances(
        holder,
        tokens.tokens.map((x) => x.id),
      ),
      "asset balances",
    );
  });

  it("governance: the government, proposals and polls with their votes and answers", async () => {
    const get = async (url: string) => (await app.inject({ method: "GET", url: `/api/governance/${url}` })).json();
    checked(governance.Government, await get("government"), "government");
    const proposals = checked(governance.ProposalPage, await get("proposals?limit=100"), "proposals");
    expect(proposals.proposals.length).toBeGreaterThan(2);
    for (const { id } of proposals.proposals) checked(governance.ProposalDetail, await get(`proposals/${id}`), `proposal ${id}`);
    const polls = checked(governance.PollPage, await get("polls?limit=100"), "polls");
    expect(polls.polls.length).toBeGreaterThan(1);
    for (const { id } of polls.polls) checked(governance.PollDetail, await get(`polls/${id}`), `poll ${id}`);
    const governor = (checked(governance.Government, await get("government"), "government") as governance.Government).members[0].address;
    const activity = checked(governance.ActivityPage, await get(`activity/${governor}?limit=1`), "activity") as governance.ActivityPage;
    expect(activity.entries).toHaveLength(1);
    checked(governance.ActivityPage, await get(`activity/${governor}?limit=1&cursor=${activity.nextCursor}`), "activity, next page");
    checked(governance.TxGovernance, await get(`transactions/${proposals.proposals[0].txHash}`), "a transaction's proposals and polls");
  });

  it("charts: every series, as the web app fetches it", async () => {
    for (const series of charts.CHART_SERIES) {
      const answer = checked(charts.ChartAnswer, await fetchChart(series, {}, undefined, client), series);
      expect(answer.points).toHaveLength(365);
      expect(answer.points.at(-1)!.day).toBe(answer.lastDay);
      const week = checked(charts.ChartAnswer, await fetchChart(series, { from: "2026-01-01", to: "2026-01-07" }, undefined, client), `${series} week`);
      expect(week.points.map((p) => p.day)).toEqual(["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05", "2026-01-06", "2026-01-07"]);
    }
  });

  it("service and sign-in: health, the visitor's language, a challenge and who a token signs in", async () => {
    const health = await app.inject({ method: "GET", url: "/api/health" });
    checked(service.Health, health.json(), "health");
    checked(service.CountryLanguageAnswer, await client.countryLanguage(), "language");
    checked(service.AuthChallenge, await client.authChallenge(view.referralRoot), "challenge");
    const code = checked(service.MemoChallenge, await client.authMemoChallenge(view.referralRoot), "memo challenge");
    checked(service.MemoPollAnswer, await client.authMemoPoll(code.secret), "memo poll");
    token = (await new AuthTokens(TEST_AUTH_SECRET, 3600).issue(view.referralRoot)).token;
    checked(service.AuthMe, await client.authMe(), "me");
  });
});
