-- Issue 29: mail dates and times in the player's own time zone. The IANA name the browser reported
-- at sign-up (Intl.DateTimeFormat().resolvedOptions().timeZone); NULL (older accounts, or a name
-- the server does not know): UTC, said as such in the mail.
ALTER TABLE users ADD COLUMN time_zone text;
