// Rendering components in tests with the English messages loaded synchronously and a fresh query cache.
import type { ReactElement } from "react";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import i18n from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { render, type RenderResult } from "@testing-library/react";
import { vi } from "vitest";

const LOCALES = join(process.cwd(), "web/src/i18n/locales");

function resources(language: string) {
  const dir = join(LOCALES, language);
  return Object.fromEntries(readdirSync(dir).map((file) => [file.replace(/\.json$/, ""), JSON.parse(readFileSync(join(dir, file), "utf8"))]));
}

export async function testI18n(language = "en") {
  const instance = i18n.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    defaultNS: "common",
    resources: { en: resources("en"), [language]: resources(language) },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Renders `ui` inside the app's providers (i18n, queries, a router at `path`). */
export async function renderWithApp(ui: ReactElement, options: { language?: string; path?: string } = {}): Promise<RenderResult> {
  const instance = await testI18n(options.language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={instance}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.path ?? "/"]} useTransitions={false}>
          {ui}
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** happy-dom's window is desktop-wide (the phone menu closes itself there): width queries answer as at 375 px. */
export function phoneWidth(): void {
  const matchesPhone = (query: string) => {
    const [, side, px] = /\((max|min)-width:\s*(\d+)px\)/.exec(query) ?? [];
    return side === "max" ? 375 <= Number(px) : side === "min" ? 375 >= Number(px) : false;
  };
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query) => ({ matches: matchesPhone(query), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}
