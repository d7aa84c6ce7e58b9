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
};
