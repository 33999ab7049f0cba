import path from 'node:path'

/**
 * Where Vite writes the web build and the server reads it. RENDO_BUILD_DIR lets parallel runs
 * (several browser-test servers on one machine) keep builds apart; `build/` otherwise.
 */
export const buildDir = path.resolve(import.meta.dirname, '..', process.env.RENDO_BUILD_DIR ?? 'build')
