import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { testLog } from '../../../../test/fixtures.js';
import { BINARIES_PARENT, placeBinaries } from './binaries.js';
import { ensurePostgresUser } from './postgres-user.js';

// placeBinaries only ever runs as root (a non-root process runs the package's
// binaries where they are), and these tests run as root, as the project's do.
const VERSION = '0.0.0-test';
const STRANGER = 65534;

/** A stand-in for the package's `native` folder: a `postgres` that answers `--version`, carelessly group-writable. */
function fakePackage(root: string): string {
  const source = path.join(root, 'package-native');
  mkdirSync(path.join(source, 'bin'), { recursive: true });
  writeFileSync(path.join(source, 'bin', 'postgres'), '#!/bin/sh\necho "postgres (PostgreSQL) 18"\n', { mode: 0o775 });
  writeFileSync(path.join(source, 'bin', 'initdb'), '#!/bin/sh\nexit 0\n', { mode: 0o775 });
  return source;
}

/** A copy someone else put where ours would go, whose `postgres` leaves a mark if anyone runs it. */
function plantCopy(at: string, marker: string): void {
  mkdirSync(path.join(at, 'bin'), { recursive: true });
  writeFileSync(path.join(at, 'bin', 'postgres'), `#!/bin/sh\ntouch ${marker}\necho "postgres (PostgreSQL) 18"\n`, { mode: 0o755 });
}

function everyEntry(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((name) => path.join(folder, name));
}

describe('placing the PostgreSQL binaries for the postgres user', () => {
  const user = ensurePostgresUser();
  let root: string;
  let parent: string;
  let marker: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'countersign-binaries-'));
    chmodSync(root, 0o711);
    parent = path.join(root, 'parent');
    // The planted program runs as the postgres user: it must be able to leave its mark, so the tests would see it ran.
    const marks = path.join(root, 'marks');
    mkdirSync(marks, { mode: 0o777 });
    chmodSync(marks, 0o777);
    marker = path.join(marks, 'planted-program-ran');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('keeps the copy out of the temp folder, where another local user could plant one under the name we would pick', () => {
    expect(path.relative(tmpdir(), BINARIES_PARENT).startsWith('..')).toBe(true);
  });

  test('copies the binaries once into a folder only root can change, which the postgres user can run, and reuses that copy', () => {
    const copy = placeBinaries({ source: fakePackage(root), version: VERSION, user, log: testLog, parent });
    expect(copy).toBe(path.join(parent, `postgres-${VERSION}`));
    for (const entry of [copy, ...everyEntry(copy)]) {
      const stat = statSync(entry);
      expect({ entry, uid: stat.uid, othersMayWrite: (stat.mode & 0o022) !== 0 }).toEqual({ entry, uid: 0, othersMayWrite: false });
    }
    expect(statSync(path.join(copy, 'bin', 'postgres')).mode & 0o777).toBe(0o755);
    // Nothing left from the private staging folder the copy was made in.
    expect(readdirSync(parent)).toEqual([`postgres-${VERSION}`]);

    const inode = statSync(path.join(copy, 'bin', 'postgres')).ino;
    expect(placeBinaries({ source: fakePackage(root), version: VERSION, user, log: testLog, parent })).toBe(copy);
    expect(statSync(path.join(copy, 'bin', 'postgres')).ino).toBe(inode);
  });

  test('refuses a copy planted by another user, without running it', () => {
    mkdirSync(parent, { mode: 0o711 });
    const planted = path.join(parent, `postgres-${VERSION}`);
    plantCopy(planted, marker);
    for (const entry of [planted, ...everyEntry(planted)]) chownSync(entry, STRANGER, STRANGER);
    expect(() => placeBinaries({ source: fakePackage(root), version: VERSION, user, log: testLog, parent })).toThrow(
      `Refusing to run PostgreSQL binaries from ${planted}: ${planted} is owned by uid ${STRANGER}, not root`,
    );
    expect(existsSync(marker)).toBe(false);
  });

  test('refuses a copy that anyone may write to (mode 0777), without running it', () => {
    mkdirSync(parent, { mode: 0o711 });
    const planted = path.join(parent, `postgres-${VERSION}`);
    plantCopy(planted, marker);
    chmodSync(planted, 0o777);
    expect(() => placeBinaries({ source: fakePackage(root), version: VERSION, user, log: testLog, parent })).toThrow(
      `${planted} can be written by others (mode 777)`,
    );
    expect(existsSync(marker)).toBe(false);
  });

  test('refuses a copy whose program someone else could have rewritten since it was placed', () => {
    const copy = placeBinaries({ source: fakePackage(root), version: VERSION, user, log: testLog, parent });
    const program = path.join(copy, 'bin', 'postgres');
    chmodSync(program, 0o757);
    expect(() => placeBinaries({ source: fakePackage(root), version: VERSION, user, log: testLog, parent })).toThrow(
      `${program} can be written by others (mode 757)`,
    );
  });

  test('refuses a symbolic link in place of the copy, and a parent folder others may write to', () => {
    mkdirSync(parent, { mode: 0o711 });
    const elsewhere = path.join(root, 'elsewhere');
    plantCopy(elsewhere, marker);
    symlinkSync(elsewhere, path.join(parent, `postgres-${VERSION}`));
    expect(() => placeBinaries({ source: fakePackage(root), version: VERSION, user, log: testLog, parent })).toThrow('is a symbolic link');

    rmSync(path.join(parent, `postgres-${VERSION}`));
    chmodSync(parent, 0o777);
    expect(() => placeBinaries({ source: fakePackage(root), version: VERSION, user, log: testLog, parent })).toThrow(
      `${parent} can be written by others (mode 777)`,
    );
    expect(existsSync(marker)).toBe(false);
  });
});
