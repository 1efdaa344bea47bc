import { describe, expect, it } from 'vitest';

import { AFTER_PAINT_TEMPLATE_ID } from '../../src/shared/after-paint-links';
import { deferAppLoading } from './defer-app-loading';

const SHELL =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/boot-B.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/boot-C.css">' +
  '<link rel="modulepreload" crossorigin href="/assets/react-stage-D.js" data-after-paint>' +
  '<link rel="modulepreload" href="/assets/menu-E.js" data-after-paint>' +
  '<link rel="preload" href="/api/menu" as="fetch" crossorigin="use-credentials" data-after-paint>' +
  '</head><body><div id="root"></div></body></html>';

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const outsideTemplate = (html: string) => headOf(html).replace(/<template\b[\s\S]*<\/template>/, '');

describe('deferAppLoading', () => {
  it('moves every marked link into the template, in order, and nothing else', () => {
    const html = deferAppLoading(SHELL);
    const template = new RegExp(`<template id="${AFTER_PAINT_TEMPLATE_ID}">(.*)</template></head>`).exec(html)?.[1];
    expect(template).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/react-stage-D.js" data-after-paint>' +
        '<link rel="modulepreload" href="/assets/menu-E.js" data-after-paint>' +
        '<link rel="preload" href="/api/menu" as="fetch" crossorigin="use-credentials" data-after-paint>',
    );
    expect(outsideTemplate(html)).not.toContain('data-after-paint');
    // The body is untouched.
    expect(html.slice(html.indexOf('</head>'))).toBe(SHELL.slice(SHELL.indexOf('</head>')));
  });

  it('keeps the entry, its own import and the stylesheets in <head>, the scripts at low priority', () => {
    const head = outsideTemplate(deferAppLoading(SHELL));
    expect(head).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
    expect(head).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/boot-B.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/boot-C.css">');
    // Fetched after the paint at their normal priority.
    expect(deferAppLoading(SHELL)).toContain('<link rel="modulepreload" crossorigin href="/assets/react-stage-D.js" data-after-paint>');
  });

  it('adds no template when nothing is marked, and leaves a shell without a head alone', () => {
    const plain = SHELL.replaceAll(' data-after-paint', '');
    expect(deferAppLoading(plain)).not.toContain('<template');
    expect(deferAppLoading('<div id="root"></div>')).toBe('<div id="root"></div>');
  });
});
