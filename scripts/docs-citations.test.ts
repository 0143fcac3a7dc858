import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's tracked text files a reader follows: code, configuration and docs. */
function trackedTexts(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return listed.filter(
    (file) =>
      /\.(ts|tsx|js|mjs|cjs|css|md|json|html)$/.test(file) &&
      !file.endsWith('lock.json') &&
      file !== 'scripts/docs-citations.test.ts',
  );
}

/**
 * What sends a reader outside the repository: the design and conventions notes and the product
 * specification it was started from. docs/ says the same in the project's own words.
 */
const OUTSIDE = /\bDESIGN(?: §|\.md|:)|\bCONVENTIONS(?: \d|\.md)|\bspec(?:'s|’s)? §|\.\.\/shared\//;

describe('the repository explains itself', () => {
  it('cites its own docs, never notes kept outside it', () => {
    const offenders = trackedTexts().flatMap((file) =>
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (OUTSIDE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it('has the docs its comments cite, with the sections they name', () => {
    const cited = new Set<string>();
    for (const file of trackedTexts()) {
      for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(/docs\/([a-z-]+\.md)(#[a-z0-9-]+)?/g)) {
        cited.add(match[0]);
      }
    }
    expect(cited.size).toBeGreaterThan(3);
    const missing = [...cited].filter((citation) => {
      const [doc, anchor] = citation.split('#') as [string, string | undefined];
      if (!existsSync(path.join(root, doc))) return true;
      if (!anchor) return false;
      const headings = readFileSync(path.join(root, doc), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('#'))
        .map((line) =>
          line
            .replace(/^#+\s*/, '')
            .toLowerCase()
            .replace(/[^a-z0-9 -]/g, '')
            .replace(/ /g, '-'),
        );
      return !headings.includes(anchor);
    });
    expect(missing).toEqual([]);
  });

  it('recognises a citation of the notes outside, so the first check can fail', () => {
    for (const line of ['(DESIGN §4)', 'CONVENTIONS 11', 'spec §2', "the spec's §5", 'see ../shared/x']) {
      expect(OUTSIDE.test(line), line).toBe(true);
    }
    expect(OUTSIDE.test('docs/product.md §2')).toBe(false);
  });
});
