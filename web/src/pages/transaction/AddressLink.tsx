// An address as a link to its screen: validators (axmvaloper1…), contracts (axm1… longer than 42, SPEC.md §3), accounts.
import { Link } from "react-router";
import { routes } from "../../routes.ts";

/** SPEC.md §3: an address longer than 42 characters is a contract, otherwise an account. */
const ACCOUNT_ADDRESS_MAX = 42;

export function addressRoute(address: string): string {
  if (address.startsWith("axmvaloper1")) return routes.validator(address);
  return address.length > ACCOUNT_ADDRESS_MAX ? routes.contract(address) : routes.address(address);
}

export function AddressLink({ address }: { address: string }) {
  return (
    <Link to={addressRoute(address)} className="mono">
      {address}
    </Link>
  );
}
