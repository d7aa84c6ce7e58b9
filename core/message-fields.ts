// Message fields that name who signs (and so sends) a message, shared by the indexer's decoding and the web app.

/**
 * Most specific first: a message naming several of these is signed by the first one it has. The indexer falls back
 * to them for keys it cannot turn into an address (chain/tx.ts); the Transaction screen names its sender from them.
 */
export const SIGNER_FIELDS: readonly string[] = [
  "from_address",
  "delegator_address",
  "sender",
  "signer",
  "referral_address",
  "voter",
  "respondent",
  "author",
  "authority",
  "granter",
  "grantee",
  "depositor",
  "creator",
  "admin",
  "validator_address",
  "validator_addr",
];
