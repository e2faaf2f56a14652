/**
 * Dependency direction (docs/design.md#where-code-lives, the layer map in src/layers.ts): errors ← model ← identity ←
 * io ← providers · demo ← stats ← dna ← verdict · matches · bestxi ← reports ← cards · prompt ← engine ←
 * service/contract ← service → store/ports ← store
 * drivers; http and cli on top. Type-only imports are exempt (they vanish at run time).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYERS, layerRankOf } from '../src/layers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

/** Rank of a source file (src/layers.ts): it may import files of equal or lower rank only. */
function rankOf(file: string): number {
  return layerRankOf(relative(src, file).replaceAll('\\', '/'));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Relative runtime imports of a file (skips `import type` and `export type`). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re =
    /^(?:import|export)\s+(?!type\b)[^'";]*?from\s+['"](\.[^'"]+)['"]|^import\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;
  for (const m of text.matchAll(re)) {
    const spec = m[1] ?? m[2] ?? m[3];
    out.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
  }
  return out;
}

/** Every relative import of a file, type-only ones included: a cycle of types is still a knot in the floor plan. */
function allImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const re =
    /^(?:import|export)\s[^'";]*?from\s+['"](\.[^'"]+)['"]|^import\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm;
  return [...text.matchAll(re)].map((m) => resolve(dirname(file), (m[1] ?? m[2] ?? m[3]).replace(/\.js$/, '.ts')));
}

/** The import cycles of a graph: its strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) out.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('architecture', () => {
  const files = sourceFiles(src);

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('never imports backwards across layers', () => {
    const violations: string[] = [];
    for (const file of files) {
      for (const target of runtimeImports(file)) {
        if (rankOf(target) > rankOf(file)) violations.push(`${relative(src, file)} → ${relative(src, target)}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('has no import cycles, type-only imports included', () => {
    const graph = new Map(files.map((f) => [f, allImports(f)]));
    expect(cyclesOf(graph).map((c) => c.map((f) => relative(src, f)).join(' ⇄ '))).toEqual([]);
  });

  it('finds a cycle when there is one (self-check of the cycle rule)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    // The reader sees type-only imports too.
    expect(allImports(join(src, 'mcp/http.ts')).map((f) => relative(src, f))).toContain('service/serve.ts');
  });

  it('keeps the public entry free of http, cli and store drivers', () => {
    const imports = runtimeImports(join(src, 'index.ts')).map((t) => relative(src, t));
    expect(imports.filter((t) => /^(http|cli)\//.test(t) || /^store\/(memory|sqlite|postgres)/.test(t))).toEqual([]);
  });

  it('ranks every top-level folder and file of src/ through the layer map', () => {
    const listed = new Set(LAYERS.flatMap((l) => l.paths).map((p) => p.split('/')[0]));
    const unlisted = readdirSync(src).filter((name) => !listed.has(name) && name !== 'layers.ts');
    expect(unlisted).toEqual([]);
  });

  it('ranks the most specific layer path first (store/ports.ts below the store drivers)', () => {
    expect(rankOf(join(src, 'store/ports.ts'))).toBeLessThan(rankOf(join(src, 'store/sqlite/store.ts')));
    expect(rankOf(join(src, 'errors.ts'))).toBe(0);
    expect(rankOf(join(src, 'model/schema.ts'))).toBe(1);
  });

  it('detects a backwards import (self-check of the rule)', () => {
    expect(rankOf(join(src, 'stats/x.ts')) < rankOf(join(src, 'service/x.ts'))).toBe(true);
  });
});
