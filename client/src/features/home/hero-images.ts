/** The home page's hero slides; the first is the page's largest paint, named in its HTML too (client/src/app/early-requests.ts). */
/** `alt`: a key of the home catalog (client/src/locales/<language>/home.json). */
export const HERO_IMAGES = [
  { src: '/images/hero-1.webp', alt: 'home.carousel.alt1' },
  { src: '/images/hero-2.webp', alt: 'home.carousel.alt2' },
  { src: '/images/hero-3.webp', alt: 'home.carousel.alt3' },
]

/** Each slide also exists 800 px wide (`-800` before the extension), what a phone's screen needs. */
export const heroSrcSet = (src: string) => `${src.replace(/\.webp$/, '-800.webp')} 800w, ${src} 1600w`
export const HERO_SIZES = '100vw'
