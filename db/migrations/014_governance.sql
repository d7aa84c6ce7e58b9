-- The chain's vote module (CHAIN.md "Vote", axm-node x/vote): the government, proposals with their votes, polls with
-- their answers, kept by the indexer from genesis (or a mid-chain seed) and from messages and events of blocks.

-- The government as it is now, n its order in the chain's list. since_height: the block whose transaction seated the
-- governor; 0 for genesis; null for a member already seated before an index's mid-chain start.
create table governors (
  address text primary key,
  n int not null unique,
  since_height bigint
);

-- params.proto Params, in minutes (x/vote/keeper/keeper.go multiplies them by time.Minute). The row exists once genesis
-- or the seed gave them; the indexer needs them to know when a proposal or a started poll ends.
create table vote_params (
  id int primary key check (id = 1),
  vote_period int not null,
  poll_period int not null
);

-- One row per proposal, id in the order the chain created them (the chain has no ids). messages: [{typeUrl, value}],
-- value the node's REST JSON of a known message or the base64 bytes of an unknown one. government, agreed and disagreed
-- are the chain's lists (the government as it was when the vote ended); start_height is null when unknown (a proposal
-- of a genesis taken from another chain gives it), tx_hash null for one taken from genesis or the seed.
create table proposals (
  id bigint primary key,
  name text not null,
  author text not null,
  messages jsonb not null,
  status text not null check (status in ('voting', 'accepted', 'rejected')),
  start_height bigint,
  end_time timestamptz,
  finished_height bigint,
  government text[] not null,
  agreed text[] not null,
  disagreed text[] not null,
  tx_hash text
);
-- The chain has at most one current proposal.
create unique index proposals_voting on proposals (status) where status = 'voting';

-- Each governor's vote (the author's own agreement included, with the proposal's transaction). height and tx_hash are
-- null for votes known only from genesis or the seed.
create table proposal_votes (
  proposal_id bigint not null,
  voter text not null,
  agree boolean not null,
  height bigint,
  tx_hash text,
  primary key (proposal_id, voter)
);
create index proposal_votes_voter on proposal_votes (voter, proposal_id desc);

-- One row per poll: from genesis, the seed, or a successful MsgStartPoll (which the chain stores where no reader looks:
-- such a poll is never current and never finishes, README). current marks the poll the chain reads as current (one
-- from genesis or the seed). quorum is util.Fraction text ("1/2"), null for none; min_status the explorer's status
-- (0..7) when requirement is minStatus. yes and no count the answers the index knows; the chain's own counters stay 0.
-- decision is the chain's, from EventPollFinished: none when the poll had no quorum.
create table polls (
  id bigint primary key,
  name text not null,
  author text not null,
  question text not null,
  start_time timestamptz,
  end_time timestamptz,
  quorum text,
  requirement text not null check (requirement in ('none', 'validators', 'minStatus')),
  min_status smallint,
  yes bigint not null default 0,
  no bigint not null default 0,
  decision text not null default 'pending' check (decision in ('pending', 'positive', 'negative', 'none')),
  current boolean not null default false,
  start_height bigint,
  finished_height bigint,
  tx_hash text
);
create unique index polls_current on polls (current) where current;
create index polls_pending on polls (id) where decision = 'pending';

-- Answers of successful MsgAnswerPoll messages (and genesis' poll_answers, with no height or transaction); n numbers a
-- poll's answers from 1, so a page is a range of it.
create table poll_answers (
  poll_id bigint not null,
  n int not null,
  respondent text not null,
  yes boolean not null,
  height bigint,
  tx_hash text,
  primary key (poll_id, n),
  unique (poll_id, respondent)
);
create index poll_answers_respondent on poll_answers (respondent, poll_id desc);
