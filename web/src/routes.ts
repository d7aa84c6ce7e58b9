// Paths of SPEC.md's route table, built in one place so links and navigation after a search agree.
export const routes = {
  home: () => "/",
  block: (id: number | string) => `/blocks/${encodeURIComponent(String(id))}`,
  transactions: () => "/transactions",
  transaction: (id: string) => `/transactions/${encodeURIComponent(id)}`,
  validators: () => "/validators",
  validator: (id: string) => `/validator/${encodeURIComponent(id)}`,
  address: (id: string) => `/address/${encodeURIComponent(id)}`,
  progress: (id: string) => `/progress/${encodeURIComponent(id)}`,
  contracts: () => "/contracts",
  contract: (address: string) => `/contract/${encodeURIComponent(address)}`,
  code: (id: number | string) => `/code/${encodeURIComponent(String(id))}`,
  token: (address: string) => `/token/${encodeURIComponent(address)}`,
  governance: () => "/governance",
  proposal: (id: number | string) => `/governance/proposals/${encodeURIComponent(String(id))}`,
  poll: (id: number | string) => `/governance/polls/${encodeURIComponent(String(id))}`,
  richList: () => "/accounts",
  charts: () => "/charts",
};

/** SPEC.md §3: an address longer than 42 characters is a contract, otherwise an account. */
const ACCOUNT_ADDRESS_MAX = 42;

/** The screen of any address: a validator's (axmvaloper1…), a contract's (longer than 42 characters) or an account's. */
export function addressRoute(address: string): string {
  if (address.startsWith("axmvaloper1")) return routes.validator(address);
  return address.length > ACCOUNT_ADDRESS_MAX ? routes.contract(address) : routes.address(address);
}
