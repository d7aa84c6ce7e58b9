-- The large JSON the indexer writes for every transaction and block (its events, mostly 2 to 5 kB) is compressed as it
-- is stored. With lz4 instead of PostgreSQL's default, pglz, a catch-up took 5 to 15 % less of the server's CPU, for 4 %
-- more disk (BENCHMARKS.md "COPY for the batch's rows, and events compressed with lz4"); lz4 also reads back faster.
-- Only a server built with lz4 offers it (Debian's and the official images are; the embedded engine is not): elsewhere
-- the columns keep the default. Values already stored keep their method; new ones use lz4.
do $$
begin
  if exists (select from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
    alter table transactions alter column events set compression lz4, alter column messages set compression lz4, alter column raw set compression lz4;
    alter table blocks alter column events set compression lz4;
  end if;
end
$$;
