-- The local store of field measurements (Core Web Vitals, src/server/vitals/local-dataset.ts):
-- where `npm start` and the tests write what production writes to Workers Analytics Engine, in
-- Analytics Engine's own columns (src/server/vitals/data-point.ts). Production never writes here.
CREATE TABLE vitals (
  id INTEGER PRIMARY KEY,
  timestamp INTEGER NOT NULL, -- ms since the epoch
  index1 TEXT NOT NULL,       -- page type
  blob1 TEXT NOT NULL,        -- page type
  blob2 TEXT NOT NULL,        -- language
  blob3 TEXT NOT NULL,        -- device class
  blob4 TEXT NOT NULL,        -- navigation type
  blob5 TEXT NOT NULL,        -- connection type
  blob6 TEXT NOT NULL,        -- build id
  double1 REAL NOT NULL,      -- LCP ms (-1: not measured)
  double2 REAL NOT NULL,      -- CLS
  double3 REAL NOT NULL,      -- INP ms
  double4 REAL NOT NULL,      -- FCP ms
  double5 REAL NOT NULL       -- TTFB ms
);
CREATE INDEX vitals_by_time ON vitals (timestamp);
