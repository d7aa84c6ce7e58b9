-- What the transaction screen's full view and the address screen's delegations need of the index.
-- transactions.raw: every transaction's bytes as the block carries them (base64), so the API can decode the whole
--   transaction (body, auth info with signer infos and fee, signatures); decode_error alone now marks bytes that are not
--   a Cosmos transaction. Rows written before this migration keep raw null for decoded transactions: their full view is
--   not known to the index.
-- delegations_by_delegator: an address's delegations, one row per validator, read without scanning every validator's.
create index delegations_by_delegator on delegations (delegator);
