// Entry point: languages first (so the first paint is in the visitor's language), then the app.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { setupI18n } from "./i18n/index.ts";
import { App } from "./App.tsx";
import { createQueryClient } from "./query-client.ts";
import { appConfigQuery } from "./site/app-config.ts";
import "./styles/global.css";

const queryClient = createQueryClient();
// The site gate needs the configuration: it is asked for while the languages load, not after.
void queryClient.prefetchQuery(appConfigQuery);
await setupI18n();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
