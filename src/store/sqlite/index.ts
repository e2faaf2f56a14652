/** @module `halfspace/store/sqlite`: the SQLite store (one file, WAL), the default of `halfspace serve`. */
export { sqliteStore, SQLITE_BUSY_TIMEOUT_MS, type SqliteStoreOptions } from './store.js';
export type { SqliteDriverName } from './driver.js';
