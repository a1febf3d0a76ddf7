-- Slugs that move keep their old URLs (issue 40). Learned from the links list of each new cache
-- version (the publish webhook), kept here across deploys and cache versions.

-- Where each published page was at the last cache version learned, per language (site paths:
-- "/diensten/web", "/en/services/web"): what the next links list is compared with.
CREATE TABLE page_paths (
  story_id INTEGER NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('nl', 'en')),
  path TEXT NOT NULL,
  PRIMARY KEY (story_id, lang)
);

-- A page's old path -> its current one. Never a chain: every row of a story names its current path.
CREATE TABLE moved_pages (
  from_path TEXT PRIMARY KEY,
  to_path TEXT NOT NULL,
  story_id INTEGER NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('nl', 'en')),
  learned_at INTEGER NOT NULL
);

-- The cache version the tables were last brought up to. A learning run writes its cv and the cv
-- it read (`read_cv`) in the same transaction as its changes: the trigger refuses (and so rolls
-- back) a run whose view is no longer the current one, or that is not newer.
CREATE TABLE page_paths_cv (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  cv INTEGER NOT NULL,
  read_cv INTEGER
);
INSERT INTO page_paths_cv (id, cv) VALUES (1, 0);

CREATE TRIGGER page_paths_cv_forward BEFORE UPDATE ON page_paths_cv
WHEN NEW.cv <= OLD.cv OR NEW.read_cv IS NOT OLD.cv
BEGIN
  SELECT RAISE(ABORT, 'page_paths_cv: another run learned first');
END;
