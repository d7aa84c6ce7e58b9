-- The global search's suggestions (db/queries/search.ts): the start of a name (btree, text_pattern_ops: a LIKE 'x%'
-- range and the ~<~ order in any collation) and a substring of three characters or more (pg_trgm, as profiles_nickname
-- of 004 does for nicknames). Validators are a few hundred rows and need neither.
-- The trigram indexes take each new name at once (fastupdate off): names are written seldom, and a GIN pending list
-- is read whole by every search until a vacuum merges it, which PGlite never runs on its own.
create index profiles_nickname_start on profiles (lower(nickname) text_pattern_ops);
alter index profiles_nickname set (fastupdate = off);
create index contracts_label_start on contracts (lower(label) text_pattern_ops);
create index contracts_label_trigrams on contracts using gin (lower(label) gin_trgm_ops) with (fastupdate = off);
create index cw20_tokens_symbol_start on cw20_tokens (lower(symbol) text_pattern_ops);
create index cw20_tokens_symbol_trigrams on cw20_tokens using gin (lower(symbol) gin_trgm_ops) with (fastupdate = off);
create index cw20_tokens_name_start on cw20_tokens (lower(name) text_pattern_ops);
create index cw20_tokens_name_trigrams on cw20_tokens using gin (lower(name) gin_trgm_ops) with (fastupdate = off);
