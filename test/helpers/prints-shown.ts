/**
 * Whether `printed` shows each of `shown` in order, as documents promise output in comments:
 * whitespace and line breaks count as one space, `…` stands for any text.
 * @example printsShown('{ a: 1,\n  b: 2 }', ['{ a: 1, … }']) // => true
 */
export function printsShown(printed: string, shown: readonly string[]): boolean {
  const squeeze = (t: string) => t.replace(/\s+/g, ' ').trim();
  const literal = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = shown.map((s) => squeeze(s).split('…').map(literal).join('.*?')).join('.*?');
  return new RegExp(pattern, 's').test(squeeze(printed));
}
