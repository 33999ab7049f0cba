import fs from 'node:fs'

/** Debian's Chromium, or CHROME_PATH; Playwright never downloads a browser here. */
export function chromiumPath() {
	const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
	return candidates.find((p): p is string => !!p && fs.existsSync(p)) ?? null
}

/** Headless as root on a machine with no web: without these Chromium stalls on refused connections. */
export const chromiumArgs = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-quic',
]
