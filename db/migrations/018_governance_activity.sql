-- An address's governance activity (GET /api/governance/activity/{address}): its votes and poll answers merged newest
-- first by height (genesis' answers, with no height, as 0), then votes before answers, then the higher id; and the
-- proposal or poll a transaction created, voted on or answered (GET /api/governance/transactions/{hash}).
drop index proposal_votes_voter;
drop index poll_answers_respondent;
create index proposal_votes_voter_height on proposal_votes (voter, (coalesce(height, 0)) desc, proposal_id desc);
create index poll_answers_respondent_height on poll_answers (respondent, (coalesce(height, 0)) desc, poll_id desc);
create index proposals_tx on proposals (tx_hash) where tx_hash is not null;
create index proposal_votes_tx on proposal_votes (tx_hash) where tx_hash is not null;
create index polls_tx on polls (tx_hash) where tx_hash is not null;
create index poll_answers_tx on poll_answers (tx_hash) where tx_hash is not null;
