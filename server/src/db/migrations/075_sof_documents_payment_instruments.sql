-- Issue 42: the documents a player uploads from the profile for an outstanding source-of-funds
-- request, kept with the request (never served back to the player; staff open them from the console).
CREATE TABLE source_of_funds_documents (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id integer NOT NULL REFERENCES source_of_funds_requests(id) ON DELETE CASCADE,
  mime text NOT NULL,
  size integer NOT NULL,
  content bytea NOT NULL,
  sha256 text NOT NULL,
  uploaded_at timestamptz NOT NULL
);
CREATE INDEX source_of_funds_documents_request ON source_of_funds_documents (request_id, id);

-- Issue 42: a deposit's payment instrument as a keyed hash (HMAC of the card fingerprint or the
-- normalized IBAN, never the number); link.shared_payment_instrument finds other accounts by it.
ALTER TABLE payments ADD COLUMN instrument_hash text;
CREATE INDEX payments_instrument_hash ON payments (instrument_hash, user_id) WHERE instrument_hash IS NOT NULL;
