/**
 * @module `halfspace/service`: the transport-neutral API service (auth, wallet, demo channel,
 * errors, every docs/design.md#operations operation). Pair it with a store from `halfspace/store/*`.
 */
export {
  createService,
  type Service,
  type ServiceOptions,
  type ServiceRequest,
  type ServiceResponse,
} from './service.js';
export { BodyAborted, type HttpExchange, type HttpReply } from './exchange.js';
export type { Mounts, MountedRoute } from './serve.js';
export type { LogFormat, OperationsOptions, ReadyCheck, RequestMetrics } from './ops/options.js';
export { openApiOf, API_VERSION } from './contract/openapi.js';
export { KEY_PREFIX } from './billing/keys.js';
export type * from '../store/ports.js';
export { MAX_WALLET_CREDITS } from '../store/ports.js';
export {
  issueKey,
  revokeKey,
  topupWallet,
  walletStatusOf,
  releaseLeftoverHolds,
  type IssuedKey,
  type WalletStatus,
} from './billing/accounts.js';
export {
  createAdmin,
  adminTokenMatches,
  ADMIN_PREFIX,
  type Admin,
  type AdminOptions,
} from './admin/admin.js';
export {
  listKeys,
  ledgerPage,
  usageOf,
  type KeySummary,
  type LedgerPage,
  type LedgerQuery,
  type UsageRow,
} from './admin/reports.js';
