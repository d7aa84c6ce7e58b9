// Starts a worker thread on a TypeScript entry: workers do not inherit the main thread's tsx loader.
import { register } from "tsx/esm/api";
import { workerData } from "node:worker_threads";

register();
await import(workerData.entry);
