// A section of a governance screen still loading: the spinner holding its room, marked busy for assistive technology
// (and for the browser tests, which wait until nothing in the page is).
import { Spinner } from "../../components/Spinner.tsx";

export function Loading({ minHeight }: { minHeight: number }) {
  return (
    <div aria-busy="true">
      <Spinner minHeight={minHeight} />
    </div>
  );
}
