// What the configuration decides before any screen: the maintenance notice instead of the app, the analytics counter and
// the own-domain guard. Without a configuration (the API unreachable) the app runs with none of them.
import { useEffect, type ReactNode } from "react";
import { Spinner } from "../components/Spinner.tsx";
import { useAppConfig } from "./app-config.ts";
import { startAnalytics } from "./analytics.ts";
import { DomainGuard } from "./DomainGuard.tsx";
import { MaintenanceNotice } from "./MaintenanceNotice.tsx";

export function SiteGate({ children }: { children: ReactNode }) {
  const config = useAppConfig();
  useEffect(() => {
    if (config.data) startAnalytics(config.data);
  }, [config.data]);

  if (config.isPending) return <Spinner minHeight={400} />;
  if (config.data?.maintenance) return <MaintenanceNotice channels={config.data.maintenanceChannels} />;
  return (
    <>
      {children}
      {config.data ? <DomainGuard allowedHosts={config.data.allowedHosts} /> : null}
    </>
  );
}
