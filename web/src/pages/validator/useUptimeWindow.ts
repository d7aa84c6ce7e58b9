// A validator's last 170 signed blocks: the latest height whose signatures are known, then the blocks of the window
// (the same for every validator's screen) and this validator's signatures in it.
import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/client.ts";
import { windowRange } from "./uptime-window.ts";
import { screenKeys } from "../../api/queries.ts";

export function useUptimeWindow(consensusAddress: string) {
  return useQuery({
    queryKey: screenKeys.uptimeWindow(consensusAddress),
    queryFn: async ({ signal }) => {
      const latest = await api.latestConsensus(signal);
      const { from, to } = windowRange(latest._id);
      const [blocks, consensus] = await Promise.all([api.blocks(from, to, signal), api.consensus(from, to, signal, consensusAddress)]);
      return { blocks, consensus };
    },
  });
}
