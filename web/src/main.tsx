// Entry point: languages first (so the first paint is in the visitor's language), then the app.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { setupI18n } from "./i18n/index.ts";
import { App } from "./App.tsx";
import "./styles/global.css";

await setupI18n();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
