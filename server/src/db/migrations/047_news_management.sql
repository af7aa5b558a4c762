-- Issue 25 "Back office II": news can be edited, unpublished (players no longer see it) and
-- scheduled (players see it from publish_at on). Both only for broadcasts (user_id NULL).
ALTER TABLE notifications ADD COLUMN publish_at timestamptz;
ALTER TABLE notifications ADD COLUMN unpublished_at timestamptz;
ALTER TABLE notifications ADD COLUMN edited_at timestamptz;
