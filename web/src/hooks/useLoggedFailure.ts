// SPEC.md §8: a contract, code, token or history that cannot be fetched is only logged; its spinner stays.
import { useEffect } from "react";

export function useLoggedFailure(error: unknown, what: string): void {
  useEffect(() => {
    if (error) console.error(`${what} could not be loaded`, error);
  }, [error, what]);
}
