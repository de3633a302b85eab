/**
 * Generates the committed illustrations (hero carousel and demo property
 * photos) from SVG, so the app serves its own images and needs no network.
 * Run: bun run scripts/make-images.ts
 */
import sharp from 'sharp'

type Palette = { sky: [string, string]; ground: string; wall: string; roof: string; door: string; sun: string }

function house(p: Palette, w: number, h: number, variant: number) {
  const gx = h * 0.72
  const trees = [0.08, 0.18, 0.82, 0.92]
    .map((x, i) => {
      const tx = x * w
      const s = (0.9 + ((variant + i) % 3) * 0.15) * h * 0.14
      return `<rect x="${tx - s * 0.08}" y="${gx - s * 0.6}" width="${s * 0.16}" height="${s * 0.6}" fill="#6b4f3a"/>
      <circle cx="${tx}" cy="${gx - s * 0.85}" r="${s * 0.5}" fill="#3f7d4e" opacity="0.95"/>`
    })
    .join('')
  const hw = w * (0.34 + (variant % 2) * 0.06)
  const hx = (w - hw) / 2
  const hh = h * 0.3
  const hy = gx - hh
  const windows = [0.15, 0.38, 0.62]
    .map((f) => `<rect x="${hx + hw * f}" y="${hy + hh * 0.22}" width="${hw * 0.14}" height="${hh * 0.26}" rx="4" fill="#fde9a8" stroke="#fff" stroke-width="4"/>`)
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <circle cx="${w * 0.8}" cy="${h * 0.2}" r="${h * 0.08}" fill="${p.sun}" opacity="0.9"/>
  <ellipse cx="${w * 0.3}" cy="${gx + h * 0.05}" rx="${w * 0.6}" ry="${h * 0.12}" fill="${p.ground}" opacity="0.8"/>
  <rect y="${gx}" width="${w}" height="${h - gx}" fill="${p.ground}"/>
  ${trees}
  <rect x="${hx}" y="${hy}" width="${hw}" height="${hh}" fill="${p.wall}"/>
  <polygon points="${hx - hw * 0.06},${hy} ${hx + hw / 2},${hy - hh * 0.55} ${hx + hw * 1.06},${hy}" fill="${p.roof}"/>
  ${windows}
  <rect x="${hx + hw * 0.83}" y="${hy + hh * 0.45}" width="${hw * 0.11}" height="${hh * 0.55}" rx="3" fill="${p.door}"/>
  <rect x="${hx + hw * 0.3}" y="${hy + hh * 0.62}" width="${hw * 0.4}" height="${hh * 0.38}" fill="${p.wall}" stroke="#ffffff" stroke-width="3" opacity="0.6"/>
  <rect x="0" y="${gx + (h - gx) * 0.55}" width="${w}" height="${(h - gx) * 0.12}" fill="#d9c7a3" opacity="0.8"/>
</svg>`
}

const palettes: Palette[] = [
  { sky: ['#8ec5fc', '#e0f2fe'], ground: '#7cb76b', wall: '#f5efe6', roof: '#b45f4d', door: '#4b5563', sun: '#fde68a' },
  { sky: ['#fbc2a4', '#fde4cf'], ground: '#8fbf74', wall: '#fff7ed', roof: '#6b7280', door: '#7c2d12', sun: '#fdba74' },
  { sky: ['#a5b4fc', '#e0e7ff'], ground: '#6aa36f', wall: '#eef2ff', roof: '#1e3a8a', door: '#374151', sun: '#fef3c7' },
  { sky: ['#99f6e4', '#ecfeff'], ground: '#84cc16', wall: '#fefce8', roof: '#92400e', door: '#14532d', sun: '#fef08a' },
  { sky: ['#c4b5fd', '#f5f3ff'], ground: '#65a30d', wall: '#fafaf9', roof: '#7f1d1d', door: '#1f2937', sun: '#fde047' },
  { sky: ['#7dd3fc', '#f0f9ff'], ground: '#4d7c0f', wall: '#f1f5f9', roof: '#334155', door: '#9a3412', sun: '#facc15' },
]

for (let i = 0; i < 3; i++) {
  await sharp(Buffer.from(house(palettes[i]!, 1600, 700, i)))
    .webp({ quality: 78 })
    .toFile(`client/public/images/hero-${i + 1}.webp`)
  // The copy a phone's screen needs (the hero's srcset: client/src/features/home/hero-images.ts).
  await sharp(`client/public/images/hero-${i + 1}.webp`).resize(800).webp({ quality: 80 }).toFile(`client/public/images/hero-${i + 1}-800.webp`)
}
for (let i = 0; i < palettes.length; i++) {
  await sharp(Buffer.from(house(palettes[i]!, 1200, 800, i + 1)))
    .webp({ quality: 75 })
    .toFile(`server/seed/images/home-${i + 1}.webp`)
}
console.log('images written')
