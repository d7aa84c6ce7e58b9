-- Sign-in by a memo transaction (Axiome Wallet by deep link or QR): the one-time codes handed out, and an index that
-- finds the transaction carrying one.

-- A code handed to one browser: the memo its wallet's transfer must carry (public once sent), the SHA-256 (hex) of the
-- secret only that browser holds (it alone can collect the token), the address that must send it, and until when.
-- Deleted when the token is issued, so a second poll gets nothing.
create table auth_memo_challenges (
  memo text primary key,
  secret_hash text not null unique,
  address text not null,
  expires_at timestamptz not null
);
create index auth_memo_challenges_expiry on auth_memo_challenges (expires_at);

-- Only transactions whose memo has the sign-in prefix enter this index: a few rows however long the chain, and no
-- cost on the other transactions' inserts beyond testing the prefix.
create index transactions_sign_in_memo on transactions (memo) where memo like 'axm-explorer-signin:%';
