-- Issue 25 "Back office II": the audit log can never be changed or deleted by the application.
-- A trigger refuses every UPDATE and DELETE of a row, and TRUNCATE of the table, whoever asks.
-- (Migrations keep one statement per line-ending semicolon: the function body stays on one line.)
CREATE FUNCTION staff_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'staff_audit is append-only: % refused', TG_OP USING ERRCODE = '42501'; END $$;

CREATE TRIGGER staff_audit_no_update_delete BEFORE UPDATE OR DELETE ON staff_audit FOR EACH ROW EXECUTE FUNCTION staff_audit_refuse_change();

CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_refuse_change();

-- The log's filters: by date range (the created index), by staff member, by action.
CREATE INDEX staff_audit_staff ON staff_audit (staff_id, created_at DESC);
