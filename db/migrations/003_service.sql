-- What the API itself remembers: faucet payouts (one per address and per client a day) and sign-in challenges.

-- The last payout to an address, and to a client (its IP, an IPv6 /64 as one client).
create table faucet_claims (
  kind text not null check (kind in ('address', 'client')),
  claimant text not null,
  claimed_at timestamptz not null,
  primary key (kind, claimant)
);

-- One-time texts a wallet signs to sign in; a challenge is deleted when it is used.
create table auth_challenges (
  challenge text primary key,
  address text not null,
  expires_at timestamptz not null
);
create index auth_challenges_expiry on auth_challenges (expires_at);
