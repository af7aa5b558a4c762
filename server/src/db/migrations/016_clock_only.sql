-- One clock (issue 20, item 0): every time a row records comes from the server's injected clock
-- (`services.clock`), passed in each INSERT. The database's own now() made account ages and
-- history times depend on the machine's date, which tests cannot move. Without these defaults an
-- INSERT that forgets its time fails loudly instead of silently using the database's clock.
ALTER TABLE users ALTER COLUMN date_joined DROP DEFAULT;
ALTER TABLE users ALTER COLUMN activated_at DROP DEFAULT;
ALTER TABLE users ALTER COLUMN first_signed_in_at DROP DEFAULT;
ALTER TABLE auth_tokens ALTER COLUMN created_at DROP DEFAULT;
ALTER TABLE auth_tokens ALTER COLUMN last_used_at DROP DEFAULT;
ALTER TABLE transactions ALTER COLUMN created_at DROP DEFAULT;
ALTER TABLE ledger ALTER COLUMN created_at DROP DEFAULT;
ALTER TABLE payments ALTER COLUMN created_at DROP DEFAULT;
ALTER TABLE notifications ALTER COLUMN created_at DROP DEFAULT;
ALTER TABLE idempotency_keys ALTER COLUMN created_at DROP DEFAULT;
ALTER TABLE wins ALTER COLUMN won_at DROP DEFAULT;
ALTER TABLE game_seed_reveals ALTER COLUMN revealed_at DROP DEFAULT;
ALTER TABLE wallet_transactions ALTER COLUMN created_at DROP DEFAULT;
ALTER TABLE staff ALTER COLUMN created_at DROP DEFAULT;
