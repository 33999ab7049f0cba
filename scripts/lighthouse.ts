/**
 * `npm run lighthouse`: Lighthouse's four categories for every public page, on its mobile preset
 * (the default config: a mid-range phone on slow 4G, simulated throttling), against a fresh
 * `npm start` server (production build, embedded PostgreSQL in a temp folder, free ports) and
 * Debian's Chromium (/usr/bin/chromium or CHROME_PATH). Prints a table of pages × categories with
 * LCP, TBT and bytes (each the median of 3 runs unless `--runs` says otherwise), and for a category
 * under 95 the audits that held it down. Nothing is downloaded.
 *
 *   npm run lighthouse                      # every public page, the median of 3 runs
 *   npm run lighthouse -- /pricing --runs 1 # some pages, one run each
 *
 * The same module gives `npm run bench` its Lighthouse figures (bench/lighthouse.bench.ts).
 */
import type { Flags, Result } from 'lighthouse'
import { chromiumArgs, chromiumPath } from '#tests/e2e/chromium.ts'
import { freePortPair, startAppServer } from '../bench/app-server.ts'
import { ensureBuild } from './ensure-build.ts'

export const PUBLIC_PAGES = [
	'/',
	'/about',
	'/pricing',
	'/login',
	'/register',
	'/agent-register',
	'/pioneer-program',
	'/transform',
]
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof CATEGORIES)[number]
/** One run is noisy on a shared machine (TBT and a late paint move its score by several points). */
export const DEFAULT_RUNS = 3
/** The score every public page is held to. */
export const TARGET_SCORE = 95

export interface PageFigures {
	page: string
	scores: Record<Category, number>
	lcpMs: number
	/** Total blocking time: main-thread work, so it grows when other processes load the machine. */
	tbtMs: number
	bytes: number
	/** Lighthouse's measure of this machine's speed during the run (a quiet desktop is 1500-2500). */
	benchmarkIndex: number
	/** Per category under the target: the audits that cost it points. */
	shortfalls: Partial<Record<Category, string[]>>
}

function median(values: number[]) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]
}

/** A category's failing audits, the heaviest first, as "title (value)". */
function shortfallsOf(lhr: Result, category: Category) {
	return lhr.categories[category].auditRefs
		.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 0.9)
		.sort((a, b) => b.weight - a.weight)
		.map((ref) => {
			const audit = lhr.audits[ref.id]
			return `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`
		})
}

/**
 * Runs Lighthouse `runs` times per page and keeps each figure's median. Returns null when there is
 * no Chromium. The server and the browser are stopped and the temp folder removed on every path.
 */
export async function measurePages({
	pages = PUBLIC_PAGES,
	runs = DEFAULT_RUNS,
}: {
	pages?: string[]
	runs?: number
} = {}) {
	const chromePath = chromiumPath()
	if (!chromePath) return null
	const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')])
	await ensureBuild()
	const { port } = await freePortPair()
	// As `npm start` runs it: React's production build renders the pages.
	const server = await startAppServer({ port, env: { NODE_ENV: 'production' } })
	let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined
	// Ctrl-C mid-run: the server goes down cleanly and its data folder with it.
	const interrupted = async () => {
		chrome?.kill()
		await server.stop()
		process.exit(130)
	}
	process.once('SIGINT', interrupted)
	process.once('SIGTERM', interrupted)
	try {
		chrome = await chromeLauncher.launch({
			chromePath,
			chromeFlags: ['--headless=new', ...chromiumArgs],
			logLevel: 'silent',
		})
		const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] }
		const figures: PageFigures[] = []
		for (const page of pages) {
			const lhrs: Result[] = []
			for (let run = 0; run < runs; run++) {
				const result = await lighthouse(`${server.url}${page}`, flags)
				if (!result) throw new Error(`Lighthouse returned nothing for ${page}`)
				if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`)
				lhrs.push(result.lhr)
			}
			const score = (category: Category) =>
				median(lhrs.map((lhr) => Math.round((lhr.categories[category].score ?? 0) * 100)))
			const scores = Object.fromEntries(CATEGORIES.map((category) => [category, score(category)])) as Record<
				Category,
				number
			>
			// The failing audits of the run whose performance score is the median one.
			const typical = lhrs.find(
				(lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100) === scores.performance,
			)!
			figures.push({
				page,
				scores,
				lcpMs: median(lhrs.map((lhr) => lhr.audits['largest-contentful-paint'].numericValue ?? 0)),
				tbtMs: median(lhrs.map((lhr) => lhr.audits['total-blocking-time'].numericValue ?? 0)),
				bytes: median(lhrs.map((lhr) => lhr.audits['total-byte-weight'].numericValue ?? 0)),
				benchmarkIndex: median(lhrs.map((lhr) => lhr.environment.benchmarkIndex)),
				shortfalls: Object.fromEntries(
					CATEGORIES.filter((category) => scores[category] < TARGET_SCORE).map((category) => [
						category,
						shortfallsOf(typical, category),
					]),
				),
			})
		}
		return figures
	} finally {
		process.off('SIGINT', interrupted)
		process.off('SIGTERM', interrupted)
		chrome?.kill()
		await server.stop()
	}
}

/** A Markdown table, one row per page: the four scores, LCP, TBT, the bytes the page loaded and the machine's speed. */
export function figuresTable(figures: PageFigures[]) {
	const lines = [
		'| page | performance | accessibility | best practices | SEO | LCP | TBT | bytes | benchmark index |',
		'|---|---|---|---|---|---|---|---|---|',
	]
	for (const { page, scores, lcpMs, tbtMs, bytes, benchmarkIndex } of figures) {
		const measured = [
			`${(lcpMs / 1000).toFixed(1)} s`,
			`${Math.round(tbtMs)} ms`,
			`${(bytes / 1024).toFixed(0)} KiB`,
			Math.round(benchmarkIndex),
		]
		lines.push(`| ${page} | ${[...CATEGORIES.map((category) => scores[category]), ...measured].join(' | ')} |`)
	}
	return lines.join('\n')
}

export const NO_CHROMIUM =
	'!!! LIGHTHOUSE SKIPPED: no Chromium at /usr/bin/chromium or $CHROME_PATH (apt-get install chromium) !!!'

if (process.argv[1] === import.meta.filename) {
	const args = process.argv.slice(2)
	const runsAt = args.indexOf('--runs')
	const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : DEFAULT_RUNS
	if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1')
	const figures = await measurePages({ pages: args.length ? args : PUBLIC_PAGES, runs })
	if (!figures) {
		console.error(NO_CHROMIUM)
		process.exit(1)
	}
	console.log(`\nLighthouse, mobile preset${runs > 1 ? `, median of ${runs} runs` : ''}\n\n${figuresTable(figures)}`)
	for (const { page, shortfalls } of figures)
		for (const [category, audits] of Object.entries(shortfalls))
			console.log(`\n${page} ${category} < ${TARGET_SCORE}: ${audits.join('; ')}`)
}
