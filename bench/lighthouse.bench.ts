/**
 * Lighthouse's four scores (medians of 3 runs) for every public page on its mobile preset
 * (simulated slow 4G and a mid-range phone's CPU), against the real server: scripts/lighthouse.ts
 * does the measuring, and `npm run lighthouse` runs it alone with the audits behind any score
 * under 95. TBT and the benchmark index show how much the machine's other work coloured the run.
 * Skipped without Chromium.
 */
import { figuresTable, measurePages, NO_CHROMIUM } from '../scripts/lighthouse.ts'

const figures = await measurePages()
console.log(figures ? `Lighthouse, mobile preset\n\n${figuresTable(figures)}` : NO_CHROMIUM)
