// A validator as /validators/all returns it, for the tests of the overview and the Validator screen.
import type { Validator } from "./api/types.ts";

export function validatorFixture(change: Partial<Validator> = {}): Validator {
  // As the API answers: the full name is the moniker too.
  const name = change.name ?? "Node One";
  return {
    name,
    fullName: name,
    details: "",
    bech32Address: "axmvaloper1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq",
    address: "axm1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq",
    consensusAddress: "axmvalcons1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq",
    logoUrl: null,
    status: "BOND_STATUS_BONDED",
    isActive: true,
    delegationFee: 5,
    txFee: 10,
    locked: "1000000000",
    votingPower: 10,
    okBlocksSinceStart: 90,
    blocksSinceStart: 100,
    totalProposed: 7,
    siteUrl: "https://node-one.example",
    securityContact: "security@node-one.example",
    ...change,
  };
}
