// JsonView: the JSON as JSON.stringify writes it, each address in it (value or key, account, contract or validator) a link
// to its screen, and nothing that only contains or resembles an address.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { renderWithApp } from "../test-support.tsx";
import { JsonView } from "./JsonView.tsx";

const ACCOUNT = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";
const VALIDATOR = "axmvaloper1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwp";
const CONTRACT = "axm14hj2tavq8fpesdwxxcu44rty3hh90vhujrvcmstl4zr3txmfvw9s0phg4d";

afterEach(cleanup);

describe("<JsonView>", () => {
  it("links every address in the JSON and keeps the text the same JSON", async () => {
    const value = {
      delegator: ACCOUNT,
      validator: VALIDATOR,
      contract: { address: CONTRACT, holders: [ACCOUNT] },
      [ACCOUNT]: "a key",
      memo: `pay ${ACCOUNT} later`,
      quoted: `"${ACCOUNT}"`,
      consensus: "axmvalcons1hzhfafpxvdeyapx5ssglvpurkt3gjvsw4vp2u4",
      short: "axm1short",
      amount: 5,
    };
    await renderWithApp(<JsonView value={value} label="Event attributes" />);
    const pre = screen.getByLabelText("Event attributes");
    expect(JSON.parse(pre.textContent!)).toEqual(value);
    expect(pre.textContent).toBe(JSON.stringify(value, null, 2));
    const links = within(pre)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      [ACCOUNT, `/address/${ACCOUNT}`],
      [VALIDATOR, `/validator/${VALIDATOR}`],
      [CONTRACT, `/contract/${CONTRACT}`],
      [ACCOUNT, `/address/${ACCOUNT}`],
      [ACCOUNT, `/address/${ACCOUNT}`],
    ]);
  });

  it("shows JSON without addresses as plain text", async () => {
    await renderWithApp(<JsonView value={["uaxm", 1, null]} label="Raw" />);
    expect(screen.getByLabelText("Raw").textContent).toBe(JSON.stringify(["uaxm", 1, null], null, 2));
    expect(screen.queryByRole("link")).toBeNull();
  });
});
