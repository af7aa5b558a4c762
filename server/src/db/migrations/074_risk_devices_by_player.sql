-- Issue 42: the player page's risk panel lists the accounts that share one of the player's devices;
-- the devices of one player are found by this index (the primary key leads with the device).
CREATE INDEX risk_devices_user ON risk_devices (user_id);
