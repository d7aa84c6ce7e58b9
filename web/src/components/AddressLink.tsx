// An address as a link to its screen (validator, contract or account, by addressRoute's rule), written in full or shortened.
import { Link } from "react-router";
import { shortenAddress } from "../../../core/format.ts";
import { addressRoute } from "../routes.ts";

export function AddressLink({ address, short = false }: { address: string; short?: boolean }) {
  return (
    <Link to={addressRoute(address)} className="mono" title={short ? address : undefined}>
      {short ? shortenAddress(address) : address}
    </Link>
  );
}
