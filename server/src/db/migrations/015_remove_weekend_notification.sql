-- The seeded "Weekend reload: deposit this weekend and earn double loyalty points" broadcast promised
-- an offer that does not exist. The seed no longer adds it; this removes the row seeded before
-- (its read marks go with it: notification_reads cascades).
DELETE FROM notifications WHERE seed_key = 'mass-weekend';
