// The whole validator list (GET /validators/all), one cached query for the overview and each validator's screen.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries.ts";

export function useValidators() {
  return useQuery(queries.validators());
}
