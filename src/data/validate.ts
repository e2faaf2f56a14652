import type { Dataset } from './schema.js';

/** Checks a dataset against the schema; throws DatasetError on the first problem. */
export function validateDataset(_dataset: Dataset): void {
  // Filled in by the validation work of issue 2 (see test/data/validate.test.ts).
}
