/**
 * Fast checks of the rosters a per-match file embeds (docs/methodology/wyscout.md#workers): every
 * match file carries about 40 players and two teams, and checking them with the zod schemas of
 * read.ts cost as much as a third of parsing the file. These guards accept only the plain shapes
 * the public dataset writes and build exactly what the schema's parse would (its keys, in its
 * order, unknown keys left out); anything else returns null and the caller asks the schema, which
 * stays the documentation and gives the same answer or the same error. A property test checks
 * that a value the guard accepts parses to the same data with the schema.
 */

/** A player as the `WyscoutPlayer` schema of read.ts gives it (read.ts stores these as its own type, so tsc checks they agree). */
export interface RosterPlayer {
  wyId: number;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  shortName?: string | null;
  birthDate?: string | null;
  foot?: string | null;
  height?: number | null;
  passportArea?: { name: string } | null;
  currentNationalTeamId?: number | string | null;
  role: { code2: 'GK' | 'DF' | 'MD' | 'FW' };
}

/** A team as the `WyscoutTeam` schema of read.ts gives it. */
export interface RosterTeam {
  wyId: number;
  name: string;
  officialName?: string | null;
  city?: string | null;
  area?: { name: string } | null;
  type?: string | null;
}

/** A JSON object (not null, not an array). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v <= 2 ** 31 - 1;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** undefined (key absent), null, or a string. */
const isOptionalString = (v: unknown): v is string | null | undefined =>
  v === undefined || v === null || typeof v === 'string';
const isRole = (v: unknown): v is RosterPlayer['role']['code2'] => v === 'GK' || v === 'DF' || v === 'MD' || v === 'FW';

/** Sets `out[key]` as the schema's parse does: a key absent from the input stays absent. */
function copyPresent<T extends object, K extends keyof T>(out: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) out[key] = value;
}

/** `{name}` of an area (`passportArea`, `area`), undefined for an absent key, or false when unreadable. */
function areaOf(v: unknown): { name: string } | null | undefined | false {
  if (v === undefined || v === null) return v;
  return isObject(v) && typeof v.name === 'string' ? { name: v.name } : false;
}

/**
 * The player `v` as read.ts's `WyscoutPlayer.parse` gives it, or null when `v` is not in the plain shape
 * (the schema then decides: it coerces string ids, and rejects what is broken).
 * @example playerOf({ wyId: 7, role: { code2: 'FW' }, shortName: 'H. Kane', weight: 86 }) // => { wyId: 7, shortName: 'H. Kane', role: { code2: 'FW' } }
 */
export function playerOf(v: unknown): RosterPlayer | null {
  if (!isObject(v) || !isId(v.wyId)) return null;
  const { firstName, middleName, lastName, shortName, birthDate, foot, height, currentNationalTeamId, role } = v;
  if (!isOptionalString(firstName) || !isOptionalString(middleName) || !isOptionalString(lastName)) return null;
  if (!isOptionalString(shortName) || !isOptionalString(birthDate) || !isOptionalString(foot)) return null;
  if (!(height === undefined || height === null || isFiniteNumber(height))) return null;
  const national = currentNationalTeamId;
  if (!(national === undefined || national === null || typeof national === 'string' || isFiniteNumber(national)))
    return null;
  const passportArea = areaOf(v.passportArea);
  if (passportArea === false || !isObject(role) || !isRole(role.code2)) return null;
  const out: Omit<RosterPlayer, 'role'> = { wyId: v.wyId };
  copyPresent(out, 'firstName', firstName);
  copyPresent(out, 'middleName', middleName);
  copyPresent(out, 'lastName', lastName);
  copyPresent(out, 'shortName', shortName);
  copyPresent(out, 'birthDate', birthDate);
  copyPresent(out, 'foot', foot);
  copyPresent(out, 'height', height);
  copyPresent(out, 'passportArea', passportArea);
  copyPresent(out, 'currentNationalTeamId', national);
  // Last, as in the schema, so the keys come in the schema's order.
  return Object.assign(out, { role: { code2: role.code2 } });
}

/**
 * The team `v` as read.ts's `WyscoutTeam.parse` gives it, or null when `v` is not in the plain shape.
 * @example teamOf({ wyId: 1609, name: 'Arsenal', type: 'club', area: { name: 'England', id: '0' } }) // => { wyId: 1609, name: 'Arsenal', area: { name: 'England' }, type: 'club' }
 */
export function teamOf(v: unknown): RosterTeam | null {
  if (!isObject(v) || !isId(v.wyId) || typeof v.name !== 'string' || v.name.length === 0) return null;
  const { officialName, city, type } = v;
  if (!isOptionalString(officialName) || !isOptionalString(city) || !isOptionalString(type)) return null;
  const area = areaOf(v.area);
  if (area === false) return null;
  const out: RosterTeam = { wyId: v.wyId, name: v.name };
  copyPresent(out, 'officialName', officialName);
  copyPresent(out, 'city', city);
  copyPresent(out, 'area', area);
  copyPresent(out, 'type', type);
  return out;
}
