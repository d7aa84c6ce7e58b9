// Data fetched for the contract screens: shown once it is there; a spinner holding its room until then, and still after a
// failure, which is only logged (SPEC.md §8), so the rest of the page goes on working.
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { Spinner } from "./Spinner.tsx";
import { useLoggedFailure } from "../hooks/useLoggedFailure.ts";

export interface PendingProps<T> {
  query: UseQueryResult<T>;
  /** What is fetched, for the log. */
  what: string;
  minHeight: number;
  children: (data: T) => ReactNode;
}

export function Pending<T>({ query, what, minHeight, children }: PendingProps<T>) {
  useLoggedFailure(query.error, what);
  return query.data !== undefined ? children(query.data) : <Spinner minHeight={minHeight} />;
}
