/** @module `halfspace/store/postgres`: the PostgreSQL store, for several server replicas sharing one database. */
export {
  postgresStore,
  POSTGRES_DEFAULT_SCHEMA,
  POSTGRES_DEFAULT_POOL_SIZE,
  type PostgresStoreOptions,
} from './store.js';
