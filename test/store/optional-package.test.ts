/**
 * requireOptional: a store driver that is absent or does not load becomes one MissingPackageError
 * line naming the package and the command that fixes it; a working one is loaded once.
 */
import { describe, expect, it } from 'vitest';
import { MissingPackageError } from '../../src/errors.js';
import { requireOptional } from '../../src/store/optional-package.js';

const catchError = (fn: () => unknown): MissingPackageError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(MissingPackageError);
    return e as MissingPackageError;
  }
  return expect.fail('did not throw');
};

describe('requireOptional', () => {
  it('names a package that is not installed and the install command, on one line', () => {
    const e = catchError(() => requireOptional('halfspace-test-no-such-package', 'halfspace/store/test'));
    expect(e.packageName).toBe('halfspace-test-no-such-package');
    expect(e.message).toBe(
      'halfspace/store/test needs the package halfspace-test-no-such-package, which is not installed: run npm install halfspace-test-no-such-package',
    );
  });

  it('says an installed package did not load, with the first line of the cause, and suggests a rebuild', () => {
    const e = catchError(() =>
      requireOptional('fast-check', 'halfspace/store/test', () => {
        throw new Error('Could not locate the bindings file. Tried:\n → /a\n → /b');
      }),
    );
    expect(e.packageName).toBe('fast-check');
    expect(e.message).toBe(
      'halfspace/store/test needs the package fast-check, which is installed but did not load (Could not locate the bindings file. Tried:): run npm rebuild fast-check',
    );
    expect(e.message).not.toContain('\n');
  });

  it('returns the module, probes it once and then reuses it', () => {
    let probes = 0;
    const first = requireOptional<unknown>('better-sqlite3', 'halfspace/store/sqlite', () => probes++);
    const again = requireOptional<unknown>('better-sqlite3', 'halfspace/store/sqlite', () => probes++);
    expect(typeof first).toBe('function');
    expect(again).toBe(first);
    expect(probes).toBe(1);
  });
});
