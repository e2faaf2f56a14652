/**
 * Rows of text cells as aligned lines: columns padded to their widest cell, two spaces apart, the
 * header first; `empty` alone when there are no rows.
 * @example alignedLines(['#', 'player'], [['1', 'Kane']], 'none') // => ['#  player', '1  Kane']
 */
export function alignedLines(header: readonly string[], rows: readonly (readonly string[])[], empty: string): string[] {
  if (rows.length === 0) return [empty];
  const widths = header.map((c, j) => Math.max(c.length, ...rows.map((row) => row[j]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, j) => c.padEnd(widths[j] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
