import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The project's own lint rules (eslint.config.js), on probe sources linted as if they were files of the tree.
const root = path.resolve(import.meta.dirname, '../..');
const TYPE_AWARE = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/await-thenable',
];
// the probes are not in the TypeScript project, so the rules that need its types are left out
const withoutTypes = {
  languageOptions: { parserOptions: { projectService: false } },
  rules: Object.fromEntries(TYPE_AWARE.map((rule) => [rule, 'off' as const])),
};
const eslint = new ESLint({ cwd: root, overrideConfig: withoutTypes });

// .astro files as configured: their <script> blocks must not go to the TypeScript project, which would drop them unlinted
const astroEslint = new ESLint({ cwd: root });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const linter = file.endsWith('.astro') ? astroEslint : eslint;
  const [result] = await linter.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

/** a function of `lines` lines, its braces included */
const longFunction = (lines: number) =>
  `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(lines - 4)}  return n;\n}\n`;

describe('lint rules', () => {
  it('keeps the server, and what it shares with the site, from importing the public site or its islands', async () => {
    const importing = (file: string, from: string) => rulesBroken(file, `import * as probe from '${from}';\nexport const p = probe;\n`);
    expect(await importing('server/probe.ts', '../src/lib/site/cards.ts')).toContain('no-restricted-imports');
    expect(await importing('server/services/probe.ts', '../../src/islands/Forum.tsx')).toContain('no-restricted-imports');
    expect(await importing('src/lib/shared/probe.ts', '../site/dialogs.ts')).toContain('no-restricted-imports');
    expect(await importing('src/lib/shared/probe.ts', '../../islands/Forum.tsx')).toContain('no-restricted-imports');
    expect(await importing('server/probe.ts', '../src/lib/shared/local-path.ts')).toEqual([]);
    expect(await importing('src/lib/shared/probe.ts', '../format.ts')).toEqual([]);
    expect(await importing('src/pages/probe.ts', '../lib/site/cards.ts')).toEqual([]);
  });

  it('forbids `as unknown as` outside tests, not a single `as unknown`', async () => {
    const cast = 'export const n = (JSON.parse("1") as unknown as number) + 1;\n';
    expect(await rulesBroken('server/probe.ts', cast)).toContain('no-restricted-syntax');
    expect(await rulesBroken('src/lib/probe.ts', cast)).toContain('no-restricted-syntax');
    expect(await rulesBroken('tests/unit/probe.test.ts', cast)).toEqual([]);
    expect(await rulesBroken('server/probe.ts', 'export const u = JSON.parse("1") as unknown;\n')).toEqual([]);
    // in an .astro file's frontmatter and in its <script>, which are linted too
    expect(await rulesBroken('src/components/Probe.astro', `---\n${cast}---\n<p>{n}</p>\n`)).toContain('no-restricted-syntax');
    expect(await rulesBroken('src/components/Probe.astro', `<p>probe</p>\n<script>\n${cast}</script>\n`)).toContain('no-restricted-syntax');
  });

  it('allows 80 lines a function outside tests and bench, not counting blank lines and comments', async () => {
    expect(await rulesBroken('server/probe.ts', longFunction(80))).toEqual([]);
    expect(await rulesBroken('server/probe.ts', longFunction(81))).toContain('max-lines-per-function');
    expect(await rulesBroken('server/probe.ts', longFunction(80).replace('  return n;', '\n  // a comment\n\n  return n;'))).toEqual([]);
    expect(await rulesBroken('tests/unit/probe.test.ts', longFunction(200))).toEqual([]);
    expect(await rulesBroken('bench/probe.ts', longFunction(200))).toEqual([]);
  });

  it('finds an import circle, and a one-way import is none', async () => {
    // real files, since the rule reads what they import: in a folder of their own, outside the tree
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-probe-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), 'export const c = 1;\n');
      const probe = new ESLint({ cwd: dir, overrideConfigFile: path.join(root, 'eslint.config.js'), overrideConfig: withoutTypes });
      const rules = async (file: string, code: string) =>
        (await probe.lintText(code, { filePath: path.join(dir, file) }))[0]!.messages.map((m) => m.ruleId ?? m.message);
      expect(await rules('a.ts', fs.readFileSync(path.join(dir, 'a.ts'), 'utf8'))).toContain('import-x/no-cycle');
      expect(await rules('d.ts', "import { c } from './c.ts';\nexport const d = c;\n")).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
