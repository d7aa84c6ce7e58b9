// The account info the screen reads (SPEC.md §7: every field of the statistics card), and the referrer's record for its tooltip.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../../api/queries.ts";
import type { AccountInfoField } from "../../api/types.ts";

export const CARD_FIELDS: readonly AccountInfoField[] = ["balance", "claimable", "unbounding", "referral", "ref_info", "claimed_total"];

/** `refetchInterval`: how often to ask again (polling while the live stream is down); never when absent. */
export function useAccountInfo(address: string, refetchInterval: number | false = false) {
  return useQuery({ ...queries.accountInfo(address, CARD_FIELDS), refetchInterval });
}

/** The referrer's nickname: its own record, asked for only once the account names a referrer. */
export function useReferrerInfo(referrer: string | null) {
  return useQuery({ ...queries.accountInfo(referrer ?? "", ["referral"]), enabled: referrer !== null });
}
