-- Issue 43 "exports at scale": the ledger export reads the ledger in keyset batches ordered by
-- (created_at, id); with both columns in one index each batch is one index range of its own rows,
-- whatever the date range and the ledger's size. The dashboard's range scans use it as they used
-- the index on created_at alone, which it replaces.
CREATE INDEX ledger_created_id ON ledger (created_at, id);
DROP INDEX ledger_created;
