/**
 * A vendor file's JSON parsed with its zod schema, the first problem raised as a
 * {@link DatasetError} naming the file, the field path and the array index: what the event
 * providers' readers share.
 */
import type * as z from 'zod';
import { DatasetError } from '../model/dataset-error.js';

/**
 * `raw` parsed with `schema`. At the first issue, throws a DatasetError whose row is the first array
 * index on the issue's path (`prefix` leads the path) and whose column is the rest of the path.
 * @example parsedOrThrow('teams.json', [{}], z.array(Team)) // throws: teams.json, column wyId, row 0
 */
export function parsedOrThrow<S extends z.ZodType>(
  file: string,
  raw: unknown,
  schema: S,
  prefix: (string | number)[] = [],
): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = [...prefix, ...issue.path];
  const rowAt = path.findIndex((p) => typeof p === 'number');
  const at = rowAt >= 0 ? path[rowAt] : null;
  const row = typeof at === 'number' ? at : null;
  const field = path
    .filter((_, i) => i !== rowAt)
    .map(String)
    .join('.');
  throw new DatasetError(file, field || null, row, issue.message);
}
