-- Issue 42 (documents): what staff read from an identity document when they approve it — the
-- document number (normalized: upper case, letters, digits and dashes), the full name, the date of
-- birth and the expiry date. The risk rules compare them with other accounts and with the account.
ALTER TABLE identity_verifications
  ADD COLUMN document_number text,
  ADD COLUMN read_name text,
  ADD COLUMN read_date_of_birth date,
  ADD COLUMN expires_on date;
-- doc.shared_number looks up the other accounts with the same number on each approval.
CREATE INDEX identity_verifications_document_number ON identity_verifications (document_number)
  WHERE document_number IS NOT NULL;
