/**
 * @module Owner ids recorded on holds: `instance#token`. The instance names the process
 * (`hostname:pid` by default), the token one store handle, so a restarted process with the same
 * instance tells its predecessor's holds from its own (WalletStore.releaseAbandoned).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * The default instance of this process: `hostname:pid`. Two live processes never share it on one
 * machine; a container restarted in the same pod usually gets it again (hostname and pid 1).
 * @example defaultInstanceId() // => 'api-7f9c:1'
 */
function defaultInstanceId(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * A new owner id for a store handle of `instance`: the instance, `#`, and 8 random hex digits.
 * @example newHoldOwner('api-1') // => 'api-1#3fa85f64'
 */
export function newHoldOwner(instance: string = defaultInstanceId()): string {
  if (instance.length === 0 || instance.length > 200 || instance.includes('#'))
    throw new RangeError(`instance id must be 1–200 characters without '#', got ${JSON.stringify(instance)}`);
  return `${instance}#${randomBytes(4).toString('hex')}`;
}

/**
 * The instance part of an owner id (everything before the last `#`).
 * @example instanceOfOwner('api-1#3fa85f64') // => 'api-1'
 */
export function instanceOfOwner(owner: string): string {
  const at = owner.lastIndexOf('#');
  return at < 0 ? owner : owner.slice(0, at);
}
