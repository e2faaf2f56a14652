/**
 * The CLI binary's stand-in for ./arrow.ts (tsup.config.ts swaps it in): the binary inlines
 * apache-arrow and no caller hands it tables, so one copy serves as both the lean and the shared
 * one (docs/design.md#arrow-loading). Same exports, same meaning.
 */
import * as Arrow from 'apache-arrow';
import type { Table } from 'apache-arrow';
import type { ArrowModule, ArrowTable } from './arrow.js';

export type { ArrowModule, ArrowTable } from './arrow.js';

export const lean: ArrowModule = Arrow;

export function shared(): ArrowModule {
  return Arrow;
}

export function isLeanTable(_table: Table): boolean {
  return true;
}

export function adopt(table: Table): ArrowTable {
  return { arrow: Arrow, table };
}

export function sharedTableOf(table: Table): Table {
  return table;
}
