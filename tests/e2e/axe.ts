/**
 * Accessibility checks for the browser tests: `expectAccessible(page)` runs axe-core on the page
 * as it is now and fails on any serious or critical WCAG 2.1 A/AA violation. Specs import `test`
 * and `expect` from here: its fixture watches every page of the test (the default one and those
 * of contexts the test opens itself) and fails a test that reached a page it never checked, so
 * each page visited, signed out, as an agent and as staff, is scanned in the state the journey
 * left it in.
 *
 * Scans are explicit, at points where the test has already waited for the page to settle: axe
 * running in the background while the test clicks on would race navigations and measure colour
 * contrast halfway through a fade.
 */
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'

export { expect }

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const BLOCKING_IMPACTS = new Set(['serious', 'critical'])

// Ids in paths (projects, tokens) say nothing about the page: one check covers them all.
const ID_SEGMENT = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/

function pageKey(url: string) {
	return new URL(url).pathname
		.split('/')
		.map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
		.join('/')
}

// Paths each watched page reached, and those it was checked on.
const visits = new WeakMap<Page, { reached: Set<string>; checked: Set<string> }>()

function visitsOf(page: Page) {
	let entry = visits.get(page)
	if (!entry) visits.set(page, (entry = { reached: new Set(), checked: new Set() }))
	return entry
}

// Named states already checked by this worker (see `once` below).
const checkedStates = new Set<string>()

/**
 * Runs axe on the page now; fails (softly: the journey goes on, so one run reports every page's
 * violations) listing each serious or critical violation with its rule, element and page.
 *
 * `once` names a state that is the same every time a test reaches it (the empty sign-up form, a
 * new agent's dashboard): this worker checks it the first time and takes it as checked after.
 */
export async function expectAccessible(page: Page, { once }: { once?: string } = {}) {
	const url = page.url()
	visitsOf(page).checked.add(pageKey(url))
	const state = once && `${base.info().project.name}: ${once}`
	if (state && checkedStates.has(state)) return
	await base.step(
		`accessibility of ${new URL(url).pathname}`,
		async () => {
			// Legacy mode runs axe in the page in one go; the default opens a second page per scan to
			// merge the results of frames, and no page the tests visit has one (Stripe's card frames
			// only load with a Stripe key).
			const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze()
			const found = violations
				.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
				.flatMap((violation) =>
					violation.nodes.map((node) =>
						[
							`${violation.id} (${violation.impact}): ${violation.help}`,
							`at ${node.target.join(' ')}: ${node.html.slice(0, 160)}`,
							node.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? '',
						].join('\n'),
					),
				)
			expect.soft(found, `serious or critical accessibility violations on ${url}`).toEqual([])
		},
		{ box: true },
	)
	if (state) checkedStates.add(state)
}

function watchPage(page: Page, watched: Page[]) {
	watched.push(page)
	const { reached } = visitsOf(page)
	page.on('framenavigated', (frame) => {
		if (frame !== page.mainFrame()) return
		const url = new URL(frame.url())
		// API answers (a JSON error, a brochure PDF) and files are not pages.
		if (url.protocol.startsWith('http') && !/^\/(api|files)\//.test(url.pathname)) reached.add(pageKey(frame.url()))
	})
}

function watchContext(context: BrowserContext, watched: Page[]) {
	for (const page of context.pages()) watchPage(page, watched)
	context.on('page', (page) => watchPage(page, watched))
}

function unchecked(pages: Page[]) {
	return pages.flatMap((page) => {
		const { reached, checked } = visitsOf(page)
		return [...reached].filter((key) => !checked.has(key))
	})
}

/**
 * Playwright announces no new contexts, so `browser.newContext` is wrapped for the test's length.
 * Contexts without JavaScript are left alone: axe runs in the page's JavaScript (it waits forever
 * there), and their pages are the same server markup the other tests check with it.
 */
function watchNewContexts(browser: Browser, watched: Page[]) {
	const newContext = browser.newContext
	browser.newContext = async (...args) => {
		const context = await newContext.apply(browser, args)
		if (args[0]?.javaScriptEnabled !== false) watchContext(context, watched)
		return context
	}
	return () => {
		browser.newContext = newContext
	}
}

export const test = base.extend<{ accessibilityCoverage: undefined }>({
	accessibilityCoverage: [
		async ({ browser, context }, use, testInfo) => {
			const watched: Page[] = []
			watchContext(context, watched)
			const restore = watchNewContexts(browser, watched)
			await use(undefined)
			restore()
			// A failed test stopped part-way: what it did or did not check then says nothing.
			if (testInfo.status !== testInfo.expectedStatus) return
			expect(unchecked(watched), 'pages visited without `await expectAccessible(page)` once they had loaded').toEqual(
				[],
			)
		},
		{ auto: true },
	],
})
