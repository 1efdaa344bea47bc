// Generates public/videos/hero.webm (a few seconds of glowing embers) by recording a canvas with
// MediaRecorder in the local Chromium, so the repo needs no video tools. Run once after changing
// the animation: node scripts/make-hero-video.mjs. The output is committed.
/* global document, MediaRecorder, setInterval, setTimeout, clearInterval, Blob, btoa -- used inside page.evaluate (browser) */
import { writeFileSync } from 'node:fs';

import { chromium } from '@playwright/test';

const DURATION_MS = 4000;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new'],
});
const page = await browser.newPage();
const base64 = await page.evaluate(async (durationMs) => {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 240;
  const ctx = canvas.getContext('2d');
  const embers = Array.from({ length: 40 }, (_, i) => ({
    x: (i * 97) % 480,
    y: 240 - ((i * 53) % 120),
    r: 1 + (i % 4),
    v: 0.4 + (i % 5) * 0.15,
  }));
  let frame = 0;
  const draw = () => {
    const g = ctx.createRadialGradient(340, 250, 10, 300, 240, 320);
    const flicker = 0.9 + 0.1 * Math.sin(frame / 6);
    g.addColorStop(0, `rgba(255, ${Math.round(170 * flicker)}, 70, 1)`);
    g.addColorStop(0.4, '#e0701b');
    g.addColorStop(0.75, '#7a2e12');
    g.addColorStop(1, '#2a1208');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 480, 240);
    for (const e of embers) {
      e.y -= e.v;
      if (e.y < 0) e.y = 240;
      ctx.fillStyle = `rgba(255, 210, 122, ${0.3 + 0.5 * (e.y / 240)})`;
      ctx.beginPath();
      ctx.arc(e.x + Math.sin((frame + e.x) / 20) * 4, e.y, e.r, 0, Math.PI * 2);
      ctx.fill();
    }
    frame += 1;
  };
  const stream = canvas.captureStream(24);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250_000 });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const timer = setInterval(draw, 1000 / 24);
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  recorder.stop();
  await new Promise((resolve) => (recorder.onstop = resolve));
  clearInterval(timer);
  const buffer = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
}, DURATION_MS);
await browser.close();
writeFileSync('public/videos/hero.webm', Buffer.from(base64, 'base64'));
console.log(`public/videos/hero.webm ${Buffer.from(base64, 'base64').length} bytes`);
