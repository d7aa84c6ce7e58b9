// Providers and the route table of SPEC.md §2 behind the site gate; each screen is its own chunk, loaded when first visited.
import { Suspense, lazy } from "react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { BrowserRouter, Route, Routes } from "react-router";
import { Shell } from "./layout/Shell.tsx";
import { Spinner } from "./components/Spinner.tsx";
import { SiteGate } from "./site/SiteGate.tsx";

const HomePage = lazy(() => import("./pages/home/HomePage.tsx"));
const BlockPage = lazy(() => import("./pages/block/BlockPage.tsx"));
const TransactionsPage = lazy(() => import("./pages/transactions/TransactionsPage.tsx"));
const TransactionPage = lazy(() => import("./pages/transaction/TransactionPage.tsx"));
const ValidatorsPage = lazy(() => import("./pages/validators/ValidatorsPage.tsx"));
const ValidatorPage = lazy(() => import("./pages/validator/ValidatorPage.tsx"));
const AddressPage = lazy(() => import("./pages/address/AddressPage.tsx"));
const ProgressPage = lazy(() => import("./pages/progress/ProgressPage.tsx"));
const ContractsPage = lazy(() => import("./pages/contracts/ContractsPage.tsx"));
const ContractPage = lazy(() => import("./pages/contract/ContractPage.tsx"));
const CodePage = lazy(() => import("./pages/code/CodePage.tsx"));
const TokenPage = lazy(() => import("./pages/token/TokenPage.tsx"));
const GovernancePage = lazy(() => import("./pages/governance/GovernancePage.tsx"));
const ProposalPage = lazy(() => import("./pages/governance/ProposalPage.tsx"));
const PollPage = lazy(() => import("./pages/governance/PollPage.tsx"));
const RichListPage = lazy(() => import("./pages/rich/RichListPage.tsx"));
const ChartsPage = lazy(() => import("./pages/charts/ChartsPage.tsx"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage.tsx"));

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* URL changes apply at once: filters and pages live in the URL, and controlled inputs must not lag behind it. */}
      <BrowserRouter useTransitions={false}>
        <Suspense fallback={<Spinner minHeight={400} />}>
          <SiteGate>
            <Routes>
              <Route element={<Shell />}>
                <Route index element={<HomePage />} />
                <Route path="blocks/:id" element={<BlockPage />} />
                <Route path="transactions" element={<TransactionsPage />} />
                <Route path="transactions/:id" element={<TransactionPage />} />
                <Route path="validators" element={<ValidatorsPage />} />
                <Route path="validator/:id" element={<ValidatorPage />} />
                <Route path="address/:id" element={<AddressPage />} />
                <Route path="progress/:id" element={<ProgressPage />} />
                <Route path="contracts" element={<ContractsPage />} />
                <Route path="contract/:address" element={<ContractPage />} />
                <Route path="code/:id" element={<CodePage />} />
                <Route path="token/:address" element={<TokenPage />} />
                <Route path="governance" element={<GovernancePage />} />
                <Route path="governance/proposals/:id" element={<ProposalPage />} />
                <Route path="governance/polls/:id" element={<PollPage />} />
                <Route path="accounts" element={<RichListPage />} />
                <Route path="charts" element={<ChartsPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </SiteGate>
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
