import { twMerge } from 'tailwind-merge'
import { setClassMerge } from './cn'

// cn() merges conflicting Tailwind utilities from here on (see setClassMerge in ./cn.ts).
// Every page (and the lazily loaded layout) imports this module before it runs (client/common-chunk.ts).
setClassMerge(twMerge)
