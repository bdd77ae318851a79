/**
 * Code and docs cite the project's own docs (`docs/<area>.md`, a heading named after a comma, in
 * quotes or as `#anchor`), never files outside the repository. This test fails when a citation of
 * an outside file comes back, or when a cited doc or heading does not exist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIRS = ['src', 'server', 'tests', 'bench', 'scripts', 'e2e', 'docs', '.ci'];
const ROOT_FILES = ['README.md', 'eslint.config.js', 'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'drizzle.config.ts', 'index.html'];
const EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.md', '.sh', '.html', '']);
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'migrations', 'test-results', 'playwright-report', '.tmp']);
const SELF = 'tests/unit/doc-citations.test.ts';

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) { if (!SKIP_DIRS.has(name)) walk(path, out); }
    else if (EXTENSIONS.has(extname(name)) && stat.size < 1_000_000) out.push(path.split('\\').join('/'));
  }
  return out;
}

/** The repository's files (as they are in the work tree); without git, the same folders walked. */
function sourceFiles(): string[] {
  const wanted = (f: string) => (DIRS.some((d) => f.startsWith(`${d}/`)) || ROOT_FILES.includes(f))
    && EXTENSIONS.has(extname(f)) && !f.split('/').some((part) => SKIP_DIRS.has(part)) && existsSync(f);
  try {
    return execFileSync('git', ['ls-files'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n').filter(wanted);
  } catch {
    return [...DIRS.flatMap((d) => walk(d)), ...ROOT_FILES.filter((f) => existsSync(f))];
  }
}

const files = sourceFiles().filter((f) => f !== SELF);

// Built from pieces so that this file does not match itself.
const S = 'spec';
const OUTSIDE: [RegExp, string][] = [
  [new RegExp(`\\b${S}s? 0\\d`, 'i'), 'a numbered outside specification'],
  [new RegExp(`\\b${S}s? \u00a7`, 'i'), 'a section of an outside specification'],
  [new RegExp(`\\b${'DOMAIN'}\\.md\\b`), 'an outside design file'],
  [new RegExp(`\\b${'ARCHITECTURE'}(\\.md\\b| ")`), 'an outside design file'],
  [new RegExp(`\\b${'STACK'}-NOTES\\b`), 'an outside design file'],
  [new RegExp(`\\.\\./${'shared'}/`), 'a path outside the repository'],
  [new RegExp(`\\b${'shared'}/(${S}|design)/`), 'a path outside the repository'],
];

/**
 * Files whose old citations wait for other changes in them to land; each leaves this list as soon
 * as its comment cites the docs (a test below says when).
 */
const PENDING = new Set<string>([
]);

interface Hit { file: string; line: number; text: string }

function scan(test: (line: string) => string | null): Hit[] {
  const hits: Hit[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      const why = test(line);
      if (why) hits.push({ file, line: i + 1, text: `${why}: ${line.trim()}` });
    });
  }
  return hits;
}

const show = (hits: Hit[]) => hits.map((h) => `${h.file}:${h.line} ${h.text}`).join('\n');

/** Heading texts of a doc, without markup, and their GitHub-style anchors. */
const headingCache = new Map<string, { texts: string[]; anchors: Set<string> }>();
function headings(doc: string) {
  let h = headingCache.get(doc);
  if (!h) {
    const texts = readFileSync(doc, 'utf8').split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => l.replace(/^#+ /, '').replace(/[`*]/g, '').trim());
    const anchors = new Set(texts.map((t) => t.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')));
    h = { texts, anchors };
    headingCache.set(doc, h);
  }
  return h;
}

const startsWithWord = (text: string, prefix: string) =>
  text.startsWith(prefix) && (text.length === prefix.length || /\W/.test(text[prefix.length]));

/** What is wrong with the citations of docs on one line, or null. */
function badCitation(line: string): string | null {
  for (const m of line.matchAll(/docs\/([\w.-]+\.md)(#[\w-]+)?(,\s*"?|\s+")?([^)";]*)/g)) {
    const doc = `docs/${m[1]}`;
    if (!existsSync(doc)) return `${doc} does not exist`;
    const { texts, anchors } = headings(doc);
    if (m[2] && !anchors.has(m[2].slice(1))) return `${doc} has no heading ${m[2]}`;
    const named = m[3] ? m[4].trim() : '';
    // A heading is named by a capitalised phrase after the comma or in quotes; lower-case text is prose.
    if (named && /^[A-Z]/.test(named) && !texts.some((t) => startsWithWord(named, t) || startsWithWord(t, named))) {
      return `${doc} has no heading "${named}"`;
    }
  }
  return null;
}

describe('doc citations', () => {
  it('tells a good citation from a bad one', () => {
    expect(badCitation(' * Error toasts (docs/shell.md, Errors): one toast per key')).toBeNull();
    expect(badCitation(' * (docs/shell.md#version-check) and docs/table.md "Saved filters"')).toBeNull();
    expect(badCitation(' * (docs/shell.md, and the rest in prose)')).toBeNull();
    expect(badCitation(' * (docs/nowhere.md)')).toMatch(/does not exist/);
    expect(badCitation(' * (docs/shell.md, Nowhere)')).toMatch(/no heading/);
    expect(badCitation(' * (docs/shell.md#nowhere)')).toMatch(/no heading/);
    const outside = (line: string) => OUTSIDE.some(([re]) => re.test(line));
    expect(outside(`(${S} 01 \u00a78)`)).toBe(true);
    expect(outside(`(${'DOMAIN'}.md)`)).toBe(true);
    expect(outside(`see ../${'shared'}/x`)).toBe(true);
    expect(outside('(docs/shell.md, Errors)')).toBe(false);
  });

  it('scans the sources, tests and docs', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('docs/shell.md');
  });

  it('cite no file outside the repository', () => {
    const hits = scan((line) => OUTSIDE.find(([re]) => re.test(line))?.[1] ?? null);
    expect(show(hits.filter((h) => !PENDING.has(h.file))), 'cite the rule in docs/<area>.md and that doc instead').toBe('');
    const done = [...PENDING].filter((f) => !hits.some((h) => h.file === f));
    expect(done, 'these files cite the docs now: take them off PENDING').toEqual([]);
  });

  it('name docs and headings that exist', () => {
    expect(show(scan(badCitation))).toBe('');
  });
});
