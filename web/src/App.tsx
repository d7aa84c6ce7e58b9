// Providers and the route table of SPEC.md §2; each screen is its own chunk, loaded when first visited.
import { Suspense, lazy } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter, Route, Routes } from "react-router";
import { Shell } from "./layout/Shell.tsx";
import { Spinner } from "./components/Spinner.tsx";
import { createQueryClient } from "./query-client.ts";

const HomePage = lazy(() => import("./pages/home/HomePage.tsx"));
const BlockPage = lazy(() => import("./pages/block/BlockPage.tsx"));
const TransactionsPage = lazy(() => import("./pages/transactions/TransactionsPage.tsx"));
const TransactionPage = lazy(() => import("./pages/transaction/TransactionPage.tsx"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage.tsx"));

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* URL changes apply at once: filters and pages live in the URL, and controlled inputs must not lag behind it. */}
      <BrowserRouter useTransitions={false}>
        <Suspense fallback={<Spinner minHeight={400} />}>
          <Routes>
            <Route element={<Shell />}>
              <Route index element={<HomePage />} />
              <Route path="blocks/:id" element={<BlockPage />} />
              <Route path="transactions" element={<TransactionsPage />} />
              <Route path="transactions/:id" element={<TransactionPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
