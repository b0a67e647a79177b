import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

type Locked = { version?: string; engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean };

/**
 * Every package the lock installs must run on the Node.js the README names (the root's `engines`:
 * the lowest version we support), so `npm ci` prints no EBADENGINE and nothing fails at run time
 * on a machine that has only that version. The current LTS lines are checked too.
 */
describe('the Node.js versions we support', () => {
  const supported: string = read('package.json').engines.node;
  const lowest = semver.minVersion(supported)!.version;
  // The LTS lines after it, from the first minor every package here accepts.
  const lines = [lowest, '22.13.0', '24.0.0'];
  const packages = Object.entries(read('package-lock.json').packages as Record<string, Locked>).filter(([name]) =>
    name.includes('node_modules/'),
  );

  it('the README names the same lowest version as package.json', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(
      `Node.js ${semver.major(lowest)}.${semver.minor(lowest)}+`,
    );
  });

  it.each(lines)('no installed package excludes Node.js %s', (version) => {
    expect(packages.length).toBeGreaterThan(300);
    const refused = packages
      .filter(([, p]) => !Array.isArray(p.engines) && typeof p.engines?.node === 'string')
      .filter(([, p]) => !semver.satisfies(version, (p.engines as { node: string }).node))
      .map(
        ([name, p]) =>
          `${name.replace(/^.*node_modules\//, '')}@${p.version} needs node ${(p.engines as { node: string }).node}`,
      );
    expect(refused).toEqual([]);
  });
});
