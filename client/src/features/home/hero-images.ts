/** The home page's hero slides; the first is the page's largest paint, named in its HTML too (client/src/app/early-requests.ts). */
export const HERO_IMAGES = [
  { src: '/images/hero-1.webp', alt: 'A single-storey group home with a garden under a blue sky' },
  { src: '/images/hero-2.webp', alt: 'A family-style care home at sunset' },
  { src: '/images/hero-3.webp', alt: 'A calm residential home surrounded by trees' },
]

/** Each slide also exists 800 px wide (`-800` before the extension), what a phone's screen needs. */
export const heroSrcSet = (src: string) => `${src.replace(/\.webp$/, '-800.webp')} 800w, ${src} 1600w`
export const HERO_SIZES = '100vw'
