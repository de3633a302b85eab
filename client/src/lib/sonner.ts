/**
 * sonner, for the app shell's lazy imports (the Toaster, lib/toast.ts): one of
 * our modules, so the build groups it with the pages' shared chunk instead of
 * giving sonner a chunk of its own (client/common-chunk.ts).
 */
export { toast, Toaster } from 'sonner'
