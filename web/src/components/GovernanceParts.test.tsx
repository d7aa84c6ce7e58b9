// The vote module's shared pieces as a reader sees them: the yes/no bar with its counts, a message in words with its JSON
// behind a disclosure, who may answer a poll, in English and Russian.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen } from "@testing-library/react";
import { renderWithApp } from "../test-support.tsx";
import { GovernanceMessageView, PollBar, QuorumText, RequirementText } from "./GovernanceParts.tsx";

afterEach(cleanup);

const A = "axm1dt9p9msxhan43e4kqrq6zntttg8g2w3hw577nu";

describe("governance parts", () => {
  it("draws yes and no as shares with the counts written out", async () => {
    await renderWithApp(<PollBar yes={2} no={1} />);
    const bar = screen.getByRole("img");
    expect(bar.getAttribute("aria-label")).toBe("Yes: 2 (66,7 %), no: 1 (33,3 %)");
    const [yes, no] = [...bar.querySelectorAll("span")].map((span) => span.style.width);
    expect(parseFloat(yes)).toBeCloseTo(66.67, 1);
    expect(parseFloat(no)).toBeCloseTo(33.33, 1);
  });

  it("says what a message does and its fields, with the JSON behind a disclosure", async () => {
    await renderWithApp(
      <GovernanceMessageView typeUrl="/axiome.vote.v1beta1.MsgUpdateParams" value={{ authority: A, params: { vote_period: 10080, poll_period: 1 } }} />,
    );
    expect(screen.getByText(/Change the vote module's periods/)).toBeTruthy();
    expect(screen.getByText(/^10\D080 minutes$/)).toBeTruthy();
    expect(screen.getByText("1 minute")).toBeTruthy();
    expect(screen.getByText("Message as JSON").closest("details")).toBeTruthy();
  });

  it("names a message it cannot decode as such", async () => {
    await renderWithApp(<GovernanceMessageView typeUrl="/axiome.other.v1.MsgNew" value="CgRhYmNk" />);
    expect(screen.getByText(/A message the explorer does not decode/)).toBeTruthy();
  });

  it("says who may answer and the quorum, in Russian too", async () => {
    await renderWithApp(
      <>
        <p>
          <RequirementText requirement={{ kind: "minStatus", minStatus: 1 }} />
        </p>
        <p>
          <QuorumText quorum={0.5} />
        </p>
        <p>
          <QuorumText quorum={null} />
        </p>
      </>,
      { language: "ru" },
    );
    expect(screen.getAllByRole("paragraph").map((p) => p.textContent)).toEqual([
      "Аккаунты со статусом Starter или выше",
      "50 % ответов «да»",
      "Нет: решение не принимается",
    ]);
  });
});
