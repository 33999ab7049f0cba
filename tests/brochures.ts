import fs from 'node:fs'
import path from 'node:path'
import { expect } from 'vitest'
import { config } from '#core/platform/config.ts'
import { sharp } from '#core/platform/sharp.ts'
import type { AgentBrochure } from '#core/brochures/agent-brochures.ts'
import { readQr } from './disclosure.ts'

const ORIGIN = 'http://localhost:3000'

export type UploadFile = { field: string; bytes: Buffer; name: string; type?: string }

/** A multipart POST as a browser's FormData would send it: the fields, then each file part. */
export function multipartRequest(
	pathname: string,
	cookie: string | null,
	fields: Record<string, string>,
	files: UploadFile[] = [],
) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	for (const file of files)
		form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name)
	return new Request(`${ORIGIN}${pathname}`, { method: 'POST', body: form, headers: cookie ? { cookie } : {} })
}

/** Calls a route module's loader or action the way Remix would. */
export const call = <T extends (args: never) => unknown>(
	fn: T,
	request: Request,
	params: Record<string, string> = {},
) => fn({ request, params, context: {} } as never) as Promise<Response>

/** Every stored object's key under the local storage root (the test file's own data folder). */
export function storedKeys(prefix = '') {
	const root = path.join(config().dataDir, 'files')
	if (!fs.existsSync(root)) return []
	return fs
		.readdirSync(root, { recursive: true })
		.map(String)
		.filter(
			(f) => !path.basename(f).startsWith('.') && fs.statSync(path.join(root, f)).isFile() && f.startsWith(prefix),
		)
}

/** A PDF opened with pdfjs-dist (its legacy build, for Node), with the module for its constants. */
async function openPdf(pdf: Buffer) {
	const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
	const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
		.promise
	return { pdfjs, doc }
}

/** Text extracted from every page of a PDF, one string per page. */
export async function pdfPages(pdf: Buffer) {
	const { pdfjs, doc } = await openPdf(pdf)
	const pages: Array<{ text: string; images: number }> = []
	for (let n = 1; n <= doc.numPages; n++) {
		const page = await doc.getPage(n)
		const content = await page.getTextContent()
		const ops = await page.getOperatorList()
		pages.push({
			// A wrapped line ends in hasEOL: read it as a space, the way a person reads the page.
			text: content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : '')).join(''),
			images: ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length,
		})
	}
	await doc.destroy()
	return pages
}

export type PdfTextRun = {
	page: number
	pageWidth: number
	str: string
	dir: string
	x: number
	y: number
	width: number
}

/** Every text run of a PDF with its page and position, in the order the page draws them. */
export async function pdfTextRuns(pdf: Buffer) {
	const { doc } = await openPdf(pdf)
	const runs: PdfTextRun[] = []
	for (let n = 1; n <= doc.numPages; n++) {
		const page = await doc.getPage(n)
		const [, , pageWidth] = page.view
		for (const item of (await page.getTextContent()).items)
			if ('str' in item)
				runs.push({
					page: n,
					pageWidth,
					str: item.str,
					dir: item.dir,
					x: item.transform[4],
					y: item.transform[5],
					width: item.width,
				})
	}
	await doc.destroy()
	return runs
}

/** The fonts a PDF embeds, by PostScript name without the subset tag (`ABCDEF+Inter-Bold` → `Inter-Bold`). */
export const embeddedFonts = (pdf: Buffer) =>
	new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([^\s/]+)/g)].map((m) => m[1]))

/**
 * The QR codes a PDF's images hold, with their page: each square image as pdfjs decodes it, read
 * by jsQR (readQr). The photos are not square, so only the codes are read.
 */
export async function pdfQrCodes(pdf: Buffer) {
	const { pdfjs, doc } = await openPdf(pdf)
	const found: Array<{ page: number; text: string }> = []
	for (let n = 1; n <= doc.numPages; n++) {
		const page = await doc.getPage(n)
		const ops = await page.getOperatorList()
		for (const [i, fn] of ops.fnArray.entries()) {
			if (fn !== pdfjs.OPS.paintImageXObject) continue
			const id: string = ops.argsArray[i][0]
			// Images drawn more than once live in the document's shared objects ('g_' ids), the rest in the page's.
			const store = id.startsWith('g_') ? page.commonObjs : page.objs
			const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray }>((resolve) =>
				store.get(id, resolve),
			)
			const channels = image.data.length / (image.width * image.height)
			if (image.width !== image.height || ![1, 3, 4].includes(channels)) continue
			const png = await sharp(Buffer.from(image.data), {
				raw: { width: image.width, height: image.height, channels: channels as 1 | 3 | 4 },
			})
				.png()
				.toBuffer()
			const text = await readQr(png)
			if (text) found.push({ page: n, text })
		}
	}
	await doc.destroy()
	return found
}

/**
 * A multi-room brochure as an agent makes one: the form submitted through `client-preferences-multi-room`
 * with these fields and photos (field `property-images`), its jobs settled, then the agent's brochures
 * listed. Returns the first one listed. The route, the jobs and the listing are imported here on call,
 * not by every file that reads a PDF with the helpers above.
 */
export async function submitMultiRoomBrochure(
	cookie: string,
	fields: Record<string, string>,
	photos: Array<{ name: string; bytes: Buffer }>,
) {
	const [{ action }, { loader }, { settleJobs }, { getRequest }] = await Promise.all([
		import('#app/routes/api+/client-preferences-multi-room.ts'),
		import('#app/routes/api+/agent.brochures.ts'),
		import('./jobs.ts'),
		import('./request.ts'),
	])
	const files = photos.map((photo) => ({ field: 'property-images', ...photo }))
	const submitted = await call(action, multipartRequest('/api/client-preferences-multi-room', cookie, fields, files))
	expect(submitted.status).toBe(201)
	await settleJobs()
	const listed = (await (await call(loader, getRequest('/api/agent/brochures', { cookie }))).json()) as AgentBrochure[]
	return listed[0]
}
