-- What the API needs to tell a live indexer from a dead one, and what the index lacks on a node that refuses queries.
-- indexer_state.node_height: the node's latest height as the indexer last read it (every poll, also when idle).
-- indexer_state.heartbeat_at: when the indexer last wrote (every poll, also when idle or waiting for the node or a
--   height): older than a few poll intervals means the indexer is dead or hung.
-- indexer_state.degraded: capabilities the node refused, {"<capability>": "<refused query>: <what is missing>"};
--   empty when the node answers everything. Capabilities: validator_seed, delegation_seed, validator_records, supply.
alter table indexer_state
  add column node_height bigint,
  add column heartbeat_at timestamptz,
  add column degraded jsonb not null default '{}'::jsonb;
