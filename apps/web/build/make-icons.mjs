// Writes the installed app's PNG icons (decision 042) from public/icons/icon.svg with sharp
// (the server's image library): `node apps/web/build/make-icons.mjs`. The PNGs are committed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const svg = await readFile(path.join(dir, 'icon.svg'));
const maskable = await readFile(path.join(dir, 'icon-maskable.svg'));
for (const size of [192, 512]) {
  await sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(dir, `icon-${size}.png`));
}
await sharp(maskable, { density: 384 }).resize(512, 512).png({ compressionLevel: 9 }).toFile(path.join(dir, 'icon-maskable-512.png'));
await sharp(svg, { density: 384 }).resize(180, 180).flatten({ background: '#0f766e' }).png().toFile(path.join(dir, 'apple-touch-icon.png'));
console.log('Iconos escritos en', dir);
