import { describe, expect, it } from "vitest";
import { suggestionLines } from "./suggestion-lines.ts";

const CONTRACT = "axm15u9l2rjnrns6s96kruh46kmxgh2wsp47eavve30gea4cq3dqjz5qk0j0gh";
const ACCOUNT = "axm190vqdjtlpcq27xslcveglfmr4ynfwg7g5nvww5";
const HASH = "AB".repeat(32);
const SHORT_HASH = `${HASH.slice(0, 16)}...${HASH.slice(-16)}`;

describe("suggestionLines", () => {
  it("keeps names whole and shortens hashes 16...16 and addresses 15...6", () => {
    expect(suggestionLines({ kind: "transaction", id: HASH, label: HASH, detail: null })).toEqual({ label: SHORT_HASH, detail: null });
    expect(suggestionLines({ kind: "block", id: "5", label: "5", detail: HASH })).toEqual({ label: "5", detail: SHORT_HASH });
    expect(suggestionLines({ kind: "contract", id: CONTRACT, label: CONTRACT, detail: null }).label).toBe(`${CONTRACT.slice(0, 15)}...${CONTRACT.slice(-6)}`);
    const named = suggestionLines({ kind: "account", id: ACCOUNT, label: "SwiftFoxTheMagnificentPartner", detail: ACCOUNT });
    expect(named).toEqual({ label: "SwiftFoxTheMagnificentPartner", detail: `${ACCOUNT.slice(0, 15)}...${ACCOUNT.slice(-6)}` });
    expect(suggestionLines({ kind: "token", id: CONTRACT, label: "AXMG", detail: "Axiome Gold" })).toEqual({ label: "AXMG", detail: "Axiome Gold" });
  });
});
