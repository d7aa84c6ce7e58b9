// Before the node tests: the API's bundle, built as `npm run serve` builds it, for the tests that run API processes.
import { buildServe } from "./support/processes.ts";

export default function setup(): void {
  buildServe();
}
