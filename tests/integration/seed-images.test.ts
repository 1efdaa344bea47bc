/**
 * The seeded menu's pictures (public/images/menu) are SVG documents the page decodes on its main
 * thread. An SVG image with <text> sets up fonts in a fresh document for it: on the full menu that was
 * one 230 ms task at 4x CPU after the first paint (QUALITY P2, total blocking time), where the same
 * pictures without their caption cost nothing measurable. The caption was decoration (the card names
 * the dish and its category), so the pictures carry none; this keeps it that way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const PUBLIC_DIR = path.resolve(__dirname, '../../public');

function svgFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.svg'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('pictures the storefront shows as <img>', () => {
  const pictures = [...svgFilesUnder(path.join(PUBLIC_DIR, 'images'))];

  it('are there to check', () => {
    expect(pictures.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['placeholder.svg', 'produse-la-jar.svg', 'hero.svg']),
    );
  });

  it.each(pictures.map((file) => [path.relative(PUBLIC_DIR, file), file]))('%s has no text to lay out', (_name, file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/<(text|foreignObject)\b/);
  });
});
