// The Progress screen's data: the account's partnership record, its status progress and, for leaders, the KPI and the
// leader bonus table, each read into the screen's figures inside the query (a malformed answer is the query's failure).
import { useQuery } from "@tanstack/react-query";
import type { Status } from "../../../../core/partnership-status.ts";
import { api } from "../../api/client.ts";
import { queries, screenKeys } from "../../api/queries.ts";
import { leaderSummary } from "./leader-bonus.ts";
import { statusRows } from "./status-progress.ts";

/** SPEC.md §7: on Progress the account info is asked for its referral record and ref info only. */
export function useAccountPartnership(address: string | null) {
  return useQuery({
    ...queries.accountInfo(address ?? "", ["referral", "ref_info"]),
    enabled: address !== null,
  });
}

export function useStatusRows(address: string) {
  return useQuery({
    queryKey: screenKeys.statusProgress(address),
    queryFn: async ({ signal }) => statusRows(await api.statusProgress(address, signal)),
  });
}

export function useLeaderSummary(address: string, ownStatus: Status) {
  return useQuery({
    queryKey: screenKeys.leaderSummary(address, ownStatus),
    queryFn: async ({ signal }) => {
      const [kpi, table] = await Promise.all([api.statusKpi(address, signal), api.leaderBonus(signal)]);
      return leaderSummary(kpi, table, ownStatus);
    },
  });
}
