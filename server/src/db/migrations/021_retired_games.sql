-- Issue 21: games leave the catalogue (titles that were not what they said). A retired game keeps
-- its row for the rounds and sessions that name it, but is never listed or launched again; the
-- seed marks every game outside its catalogue as retired.
ALTER TABLE games ADD COLUMN retired boolean NOT NULL DEFAULT false;
