// The whole validator list (GET /validators/all), one cached query for the overview and each validator's screen.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";

export function useValidators() {
  return useQuery({ queryKey: ["validators"], queryFn: ({ signal }) => api.validators(signal) });
}
