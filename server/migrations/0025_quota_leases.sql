-- Strict quotas taken in leases (issue 31, server/src/quota/README.md): an instance reserves a block
-- of calls from the counter (count grows by the block at once, so no more than the limit is ever
-- admitted across instances) and spends it without a store round trip a call. `leased` is what the
-- instances reserved and have not yet reported spent; the calls used are count - leased.
ALTER TABLE quota_counters ADD COLUMN leased bigint NOT NULL DEFAULT 0;
