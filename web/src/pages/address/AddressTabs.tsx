// The Address screen's tabs (SPEC.md §2): Team for a partner with a referrer or the root, Transactions, Delegations (per
// validator, with rewards), Operations in the support view only, Events, Assets (CW-20 tokens held), Governance for an
// account that voted or answered a poll; the first one offered is the default.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { governanceQueries } from "../../api/governance.ts";
import { Tabs, type TabItem } from "../../components/Tabs.tsx";
import { TokenBalances } from "../../components/TokenBalances.tsx";
import { TAB_STATE_PARAMS } from "./address-params.ts";
import { DelegationsTab } from "./DelegationsTab.tsx";
import { EventsTab } from "./EventsTab.tsx";
import { GovernanceTab } from "./GovernanceTab.tsx";
import { OperationsTab } from "./OperationsTab.tsx";
import { TeamTab } from "./TeamTab.tsx";
import { TransactionsTab } from "./TransactionsTab.tsx";

export interface AddressTabsProps {
  address: string;
  team: boolean;
  support: boolean;
}

export function AddressTabs({ address, team, support }: AddressTabsProps) {
  const { t } = useTranslation(["address", "governance"]);
  // Shown only to an account that voted or answered a poll: its first page is the tab's own, shared through the cache.
  const governance = useInfiniteQuery(governanceQueries.activity(address));
  const voted = (governance.data?.pages[0]?.entries.length ?? 0) > 0;
  const tabs: TabItem[] = [
    ...(team ? [{ id: "team", label: t("tabs.team"), render: () => <TeamTab address={address} /> }] : []),
    { id: "transactions", label: t("tabs.transactions"), render: () => <TransactionsTab address={address} /> },
    { id: "delegations", label: t("tabs.delegations"), render: () => <DelegationsTab address={address} /> },
    ...(support ? [{ id: "operations", label: t("tabs.operations"), render: () => <OperationsTab address={address} /> }] : []),
    { id: "events", label: t("tabs.events"), render: () => <EventsTab address={address} /> },
    { id: "assets", label: t("tabs.assets"), render: () => <TokenBalances address={address} /> },
    ...(voted ? [{ id: "governance", label: t("governance:activity.tab"), render: () => <GovernanceTab address={address} /> }] : []),
  ];
  return <Tabs tabs={tabs} label={t("tabs.label")} resetParams={TAB_STATE_PARAMS} />;
}
