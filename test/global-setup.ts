// Before the node tests: the API's bundle, built as `npm run serve` builds it, for the tests that run API processes.
import { execFileSync } from "node:child_process";

export default function setup(): void {
  execFileSync("npm", ["run", "build:server", "--silent"], { cwd: new URL("..", import.meta.url).pathname, stdio: "inherit" });
}
