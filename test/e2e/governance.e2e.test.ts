// The Governance screens in a real browser at 1280 and 375 px, in English and Russian, checked against the API: the menu
// entry, the current proposal with its countdown and each governor's vote, a finished proposal's page, the finished
// poll's page with its answers, a vote's summary on its transaction's page, an address's Governance tab, and the 404s.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage, Government, PollDetail, PollPage, ProposalDetail, ProposalPage } from "../../web/src/api/governance.ts";
import { DESKTOP, PHONE, apiGet, launchBrowser, openPage, pageErrors, screenshot, type Viewport } from "./browser.ts";
import { field, noSidewaysScroll } from "./steps.ts";

const WAIT = { timeout: 15_000 };

type Tree = Record<string, unknown>;
const json = (language: string, namespace: string): Tree =>
  JSON.parse(readFileSync(new URL(`../../web/src/i18n/locales/${language}/${namespace}.json`, import.meta.url), "utf8")) as Tree;
const at = (tree: Tree, key: string): string => key.split(".").reduce<unknown>((node, part) => (node as Tree)[part], tree) as string;

let browser: Browser;
let current: ProposalDetail;
let finished: ProposalDetail;
let poll: PollDetail;
let government: Government;

beforeAll(async () => {
  browser = await launchBrowser();
  const { proposals } = await apiGet<ProposalPage>("/governance/proposals?limit=100");
  expect(proposals[0]?.status, "the devnet's last proposal is still being voted on").toBe("voting");
  current = await apiGet<ProposalDetail>(`/governance/proposals/${proposals[0].id}`);
  const accepted = proposals.find((p) => p.status === "accepted" && p.messages.length > 1) ?? proposals.find((p) => p.status === "accepted");
  expect(accepted, "an accepted proposal").toBeDefined();
  expect(
    proposals.some((p) => p.status === "rejected"),
    "a rejected proposal",
  ).toBe(true);
  finished = await apiGet<ProposalDetail>(`/governance/proposals/${accepted!.id}`);
  const { polls } = await apiGet<PollPage>("/governance/polls?limit=100");
  const decided = polls.find((p) => p.decision !== "pending");
  expect(decided, "a finished poll").toBeDefined();
  expect(new Set(polls.map((p) => p.requirement.kind))).toEqual(new Set(["none", "validators", "minStatus"]));
  poll = await apiGet<PollDetail>(`/governance/polls/${decided!.id}?limit=100`);
  government = await apiGet<Government>("/governance/government");
});
afterAll(async () => {
  await browser?.close();
});

const RUNS: { viewport: Viewport; language: "en" | "ru"; suffix: string }[] = [
  { viewport: DESKTOP, language: "en", suffix: "desktop-en" },
  { viewport: PHONE, language: "ru", suffix: "phone-ru" },
  { viewport: PHONE, language: "en", suffix: "phone-en" },
  { viewport: DESKTOP, language: "ru", suffix: "desktop-ru" },
];

async function openGovernanceFromMenu(page: Page, viewport: Viewport, language: string): Promise<void> {
  const shell = json(language, "shell");
  const banner = page.getByRole("banner");
  if (viewport === PHONE) {
    await banner.getByRole("button", { name: at(shell, "menu.open") }).click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: at(shell, "nav.governance") })
      .click();
  } else {
    await banner.getByRole("button", { name: at(shell, "nav.blockchain") }).click();
    await banner.getByRole("link", { name: at(shell, "nav.governance") }).click();
  }
}

/** The rows of the table named `caption` (its data rows, whatever their layout on phones). */
const rows = (page: Page, caption: string) => page.getByRole("table", { name: caption }).locator("tbody tr");

describe.each(RUNS)("Governance at $suffix", ({ viewport, language, suffix }) => {
  const t = json(language, "governance");
  const voteText = (address: string, p: ProposalDetail) =>
    at(t, p.agreed.includes(address) ? "vote.agreed" : p.disagreed.includes(address) ? "vote.disagreed" : "vote.none");

  it("opens from the Blockchain menu with the current proposal, its countdown and votes, the history, polls and government", async () => {
    const { context, page } = await openPage(browser, "/", { viewport, storedLanguage: language });
    await page.getByRole("heading", { level: 1 }).waitFor(WAIT);
    await openGovernanceFromMenu(page, viewport, language);
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe("/governance");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(at(t, "title"));

    await page.getByRole("link", { name: `#${current.id} ${current.name}` }).waitFor(WAIT);
    const timer = page.locator("main [role=timer]");
    const first = await timer.textContent();
    expect(first).toMatch(/\d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => timer.textContent(), WAIT).not.toBe(first);
    const votes = rows(page, at(t, "fields.votes"));
    await expect.poll(() => votes.count(), WAIT).toBe(current.government.length);
    for (const [index, address] of current.government.entries()) {
      const row = votes.nth(index);
      expect(await row.getByRole("link").getAttribute("href")).toBe(`/address/${address}`);
      expect(await row.textContent()).toContain(voteText(address, current));
    }

    const history = rows(page, at(t, "history.heading"));
    await expect.poll(() => history.count(), WAIT).toBeGreaterThan(1);
    expect(await history.getByRole("link", { name: finished.name, exact: true }).count()).toBe(1);
    for (const p of [finished]) expect(await history.filter({ hasText: p.name }).textContent()).toContain(at(t, `status.${p.status}`));

    const pollCard = page.getByRole("article", { name: `#${poll.id} ${poll.name}` });
    await pollCard.waitFor(WAIT);
    expect(await pollCard.textContent()).toContain(at(t, `decision.${poll.decision}`));
    expect(await pollCard.getByRole("img").getAttribute("aria-label")).toContain(`${poll.yes} (`);
    for (const member of government.members)
      expect(await page.getByRole("list", { name: at(t, "government.heading") }).textContent()).toContain(member.name ?? member.address.slice(-6));
    await noSidewaysScroll(page);
    await screenshot(page, `governance-${suffix}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("opens a finished proposal from the history: its messages in words and every governor's vote", async () => {
    const { context, page } = await openPage(browser, "/governance", { viewport, storedLanguage: language });
    await rows(page, at(t, "history.heading")).getByRole("link", { name: finished.name, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe(`/governance/proposals/${finished.id}`);
    await page.getByRole("heading", { level: 1, name: new RegExp(finished.name) }).waitFor(WAIT);
    expect(await field(page, at(t, "fields.status")).textContent()).toBe(at(t, `status.${finished.status}`));
    expect(await field(page, at(t, "fields.finished")).textContent()).toBe(String(finished.finishedHeight));
    const main = await page.locator("main").textContent();
    for (const message of finished.messages) expect(main).toContain(message.typeUrl.slice(message.typeUrl.lastIndexOf(".") + 1));
    expect(main).toContain(at(t, "message.removeGovernor"));
    const votes = rows(page, at(t, "fields.votes"));
    await expect.poll(() => votes.count(), WAIT).toBe(finished.government.length);
    for (const vote of finished.votes)
      expect(await votes.filter({ hasText: vote.address.slice(-6) }).textContent()).toContain(voteText(vote.address, finished));
    await noSidewaysScroll(page);
    await screenshot(page, `governance-proposal-${suffix}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("opens the finished poll: its decision, who may answer, the bar and its answers", async () => {
    const { context, page } = await openPage(browser, "/governance", { viewport, storedLanguage: language });
    await page.getByRole("link", { name: `#${poll.id} ${poll.name}` }).click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe(`/governance/polls/${poll.id}`);
    await page.getByRole("heading", { level: 1, name: new RegExp(poll.name) }).waitFor(WAIT);
    expect(await field(page, at(t, "fields.question")).textContent()).toBe(poll.question);
    expect(await field(page, at(t, "fields.decision")).textContent()).toBe(at(t, `decision.${poll.decision}`));
    expect(await field(page, at(t, "fields.who")).textContent()).toContain(at(t, `requirement.${poll.requirement.kind}`));
    expect(await page.getByRole("img", { name: new RegExp(`${poll.yes} \\(`) }).count()).toBe(1);
    const answers = rows(page, at(t, "fields.answers"));
    await expect.poll(() => answers.count(), WAIT).toBe(poll.answers.length);
    for (const [index, answer] of poll.answers.entries()) {
      expect(await answers.nth(index).textContent()).toContain(answer.yes ? at(t, "polls.yes") : at(t, "polls.no"));
    }
    await noSidewaysScroll(page);
    await screenshot(page, `governance-poll-${suffix}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("summarises a vote on its transaction's page and lists an address's votes on its Governance tab", async () => {
    const vote = finished.votes.find((v) => v.txHash !== finished.txHash && v.txHash !== null)!;
    const { context, page } = await openPage(browser, `/transactions/${vote.txHash}`, { viewport, storedLanguage: language });
    const what = field(page, at(t, "message.what"));
    await what.waitFor(WAIT);
    expect(await what.textContent()).toBe(at(t, "message.vote"));
    const link = field(page, at(t, "message.proposal")).getByRole("link");
    await link.waitFor(WAIT);
    expect(await link.textContent()).toBe(`#${finished.id} ${finished.name}`);
    expect(await field(page, at(t, "message.choice")).textContent()).toBe(at(t, vote.agree ? "vote.agreed" : "vote.disagreed"));
    await screenshot(page, `governance-transaction-${suffix}`);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe(`/governance/proposals/${finished.id}`);

    const activity = await apiGet<ActivityPage>(`/governance/activity/${vote.address}`);
    await page.goto(`/address/${vote.address}`);
    await page.getByRole("tab", { name: at(t, "activity.tab") }).click();
    const entries = rows(page, at(t, "activity.caption"));
    await expect.poll(() => entries.count(), WAIT).toBe(activity.entries.length);
    for (const [index, entry] of activity.entries.entries()) {
      const href = entry.kind === "vote" ? `/governance/proposals/${entry.id}` : `/governance/polls/${entry.id}`;
      expect(
        await entries
          .nth(index)
          .getByRole("link", { name: `#${entry.id} ${entry.name}` })
          .getAttribute("href"),
      ).toBe(href);
    }
    await noSidewaysScroll(page);
    await screenshot(page, `governance-address-${suffix}`);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  it("answers an unknown proposal or poll with its 404 view", async () => {
    const { context, page } = await openPage(browser, "/governance/proposals/999", { viewport, storedLanguage: language });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe(at(t, "notFound.proposal"));
    await page.goto("/governance/polls/999");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), WAIT).toBe(at(t, "notFound.poll"));
    await page.getByRole("link", { name: at(t, "notFound.back") }).click();
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe("/governance");
    await context.close();
  });
});
