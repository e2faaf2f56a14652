/**
 * @module The MCP tool name of an operation, part of the contract: the MCP tools, the `/docs`
 * page and the console all name tools by it, so it lives below all three.
 */
import { OPERATIONS, type Operation } from './operations.js';

/**
 * The MCP tool name of an operation: its registry name in snake case (`dnaSearch` → `dna_search`);
 * an operation given by id alone is looked up in the route table.
 * @example toolNameOf({ id: 'intelligence.dna-search' }) // => 'dna_search'
 */
export function toolNameOf(op: Pick<Operation, 'id'> & Partial<Pick<Operation, 'engine'>>): string {
  const engine = op.engine ?? OPERATIONS.find((o) => o.id === op.id)?.engine;
  return engine ? engine.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : op.id.replace(/[.-]/g, '_');
}
