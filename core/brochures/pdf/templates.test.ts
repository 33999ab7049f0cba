import { describe, expect, test } from 'vitest'
import fs from 'node:fs'
import { sharp } from '#core/platform/sharp.ts'
import {
	BRAND_DEFAULTS,
	DISCLOSURE_LABEL,
	FONT_FAMILIES,
	TEMPLATE_STYLES,
} from '#core/accounts/agent-profile.schema.ts'
import { config } from '#core/platform/config.ts'
import { embeddedFonts, pdfPages, pdfQrCodes, pdfTextRuns, type PdfTextRun } from '#tests/brochures.ts'
import { readQr } from '#tests/disclosure.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { brochureFileName } from '../build-brochure.ts'
import { roomNames } from '../labels.ts'
import { brochureRoomUrl, ORIGINALS_LEAD, roomOriginals, shortBrochureAddress } from '../room-originals.ts'
import { sampleBrochureContent } from '../sample-brochure.ts'
import { renderBrochurePdf } from './brochure-document.tsx'
import type { BrochureContent } from './content.ts'
import { BRAND_PACKAGES, BRAND_SUBSETS, EMOJI_SUBSETS } from './font-stack.ts'
import { fontsourceFiles } from './fonts.ts'
import { contrast, readableOn } from '#core/accounts/brand-colours.ts'
import { themeFor } from './theme.ts'

const brand = {
	...BRAND_DEFAULTS,
	companyName: 'Harbour Homes',
	agentName: 'Sam Taylor',
	email: 'sam@harbourhomes.example',
	phone: null,
	website: null,
	logo: null,
}

describe('the three template styles', () => {
	// What only each template prints: proof the layouts differ, not just their colours.
	const signature = {
		modern: 'POST-VIEWING BROCHURE',
		classic: 'A keepsake of your viewing',
		luxury: 'PRIVATE PRESENTATION',
	} as const

	test.each(TEMPLATE_STYLES)(
		'%s: cover, a page per room and the closing page, in its own layout',
		async (templateStyle) => {
			const pages = await pdfPages(await renderBrochurePdf(await sampleBrochureContent({ ...brand, templateStyle })))
			expect(pages).toHaveLength(5)
			// Letter-spaced capitals come out of the PDF with spaces between the letters: compare without any.
			const squeeze = (text: string) => text.replace(/\s+/g, '')
			expect(squeeze(pages[0].text)).toContain(squeeze(signature[templateStyle]))
			for (const other of TEMPLATE_STYLES.filter((t) => t !== templateStyle))
				expect(squeeze(pages[0].text)).not.toContain(squeeze(signature[other]))
			expect(pages.slice(1, 4).every((p) => p.images === 2)).toBe(true)
		},
	)

	test.each(TEMPLATE_STYLES)(
		'%s: a room the local preview made is captioned as a preview, the others are not',
		async (templateStyle) => {
			const content = await sampleBrochureContent({ ...brand, templateStyle })
			content.rooms[0] = { ...content.rooms[0], isPreview: true }
			const pages = await pdfPages(await renderBrochurePdf(content))
			const squeezed = (page: number) => pages[page].text.replace(/\s+/g, '').toLowerCase()
			expect(squeezed(1)).toContain('preview,notstaged')
			expect(squeezed(2)).not.toContain('preview')
		},
	)

	test.each(TEMPLATE_STYLES)(
		"%s: a phone's portrait photos keep the cover and each room to a page of their own",
		async (templateStyle) => {
			const content = await sampleBrochureContent({ ...brand, templateStyle })
			const portrait = await sharp(await makeRoomPhoto({ width: 300, height: 400 }))
				.jpeg()
				.toBuffer()
			content.rooms = content.rooms.map((room) => ({ ...room, before: portrait, after: portrait }))
			const pages = await pdfPages(await renderBrochurePdf(content))
			expect(pages.map((page) => page.images)).toEqual([1, 2, 2, 2, 0])
		},
	)
})

describe('the "Virtually staged" label', () => {
	const labels = (runs: PdfTextRun[]) => runs.filter((run) => run.str.includes(DISCLOSURE_LABEL))

	test.each(TEMPLATE_STYLES)(
		'%s: on the cover photo and each staged photo, bottom-left of it; never on the photo as viewed',
		async (templateStyle) => {
			const runs = await pdfTextRuns(await renderBrochurePdf(await sampleBrochureContent({ ...brand, templateStyle })))
			const found = labels(runs)
			expect(found.map((run) => run.page)).toEqual([1, 2, 3, 4])
			// The staged photo is the right one of each pair: the label starts in the page's right half.
			for (const run of found.filter((run) => run.page > 1)) expect(run.x).toBeGreaterThan(run.pageWidth / 2)
		},
	)

	test.each(TEMPLATE_STYLES)('%s: left out when the agency turns it off, and on a preview', async (templateStyle) => {
		const off = await sampleBrochureContent({ ...brand, templateStyle, disclosureLabel: false })
		expect(labels(await pdfTextRuns(await renderBrochurePdf(off)))).toEqual([])
		const preview = await sampleBrochureContent({ ...brand, templateStyle })
		preview.rooms[0] = { ...preview.rooms[0], isPreview: true }
		expect(labels(await pdfTextRuns(await renderBrochurePdf(preview))).map((run) => run.page)).toEqual([3, 4])
	})
})

describe("the way to each altered room's original", () => {
	const TOKEN = '0123456789abcdef0123456789abcdef'
	const roomId = (i: number) => `00000000-0000-4000-8000-00000000000${i}`

	/** The sample brochure as a real one prints it: each room linked to its place on the web page. */
	async function linkedContent(overrides: Partial<BrochureContent['brand']> = {}) {
		const content = await sampleBrochureContent({ ...brand, ...overrides })
		content.rooms = await Promise.all(
			content.rooms.map(async (room, i) => ({ ...room, originals: await roomOriginals(TOKEN, roomId(i)) })),
		)
		return content
	}

	test("the QR code reads as the room on the brochure's web page", async () => {
		const url = brochureRoomUrl(TOKEN, roomId(1))
		expect(url).toBe(`${config().appUrl}/brochure/${TOKEN}#room-${roomId(1)}`)
		const { qr } = await roomOriginals(TOKEN, roomId(1))
		expect(await readQr(qr)).toBe(url)
	})

	test.each(TEMPLATE_STYLES)(
		'%s: every altered room page shows its original, a QR code and the address; even with the label off',
		async (templateStyle) => {
			const address = shortBrochureAddress(TOKEN)
			const squeeze = (text: string) => text.replace(/\s+/g, '')
			for (const disclosureLabel of [true, false]) {
				const pages = await pdfPages(await renderBrochurePdf(await linkedContent({ templateStyle, disclosureLabel })))
				for (const page of pages.slice(1, 4)) {
					// The original, the staged photo and the QR code.
					expect(page.images).toBe(3)
					expect(squeeze(page.text)).toContain(squeeze(`${ORIGINALS_LEAD} ${address}`))
				}
				expect(squeeze(pages[1].text).toLowerCase()).toContain('originalphoto')
				expect(pages[0].text).not.toContain(ORIGINALS_LEAD)
			}
		},
	)

	test.each(TEMPLATE_STYLES)('%s: each QR code printed leads to its own room', async (templateStyle) => {
		const codes = await pdfQrCodes(await renderBrochurePdf(await linkedContent({ templateStyle })))
		expect(codes).toEqual([2, 3, 4].map((page) => ({ page, text: brochureRoomUrl(TOKEN, roomId(page - 2)) })))
	})

	test.each(TEMPLATE_STYLES)(
		"%s: a preview is not altered, so it has no QR code; the label is in the agency's words",
		async (templateStyle) => {
			const content = await linkedContent({ templateStyle, disclosureText: 'Digitally staged' })
			content.rooms[0] = { ...content.rooms[0], isPreview: true }
			const pdf = await renderBrochurePdf(content)
			const pages = await pdfPages(pdf)
			expect(pages[1].images).toBe(2)
			expect(pages[1].text).not.toContain(ORIGINALS_LEAD)
			expect(pages[2].images).toBe(3)
			const labels = (await pdfTextRuns(pdf)).filter((run) => run.str.includes('Digitally staged'))
			expect(labels.map((run) => run.page)).toEqual([3, 4])
			expect((await pdfTextRuns(pdf)).some((run) => run.str.includes(DISCLOSURE_LABEL))).toBe(false)
		},
	)
})

describe('long addresses and names', () => {
	const LONG_NAME = `Hubert Blaine ${'Wolfeschlegelsteinhausenbergerdorff'.repeat(4)} Sr.`
	const LONG_ADDRESS = `Flat 12, ${'Wolfeschlegelsteinhausenbergerdorff'.repeat(3)} Mansions, 1 The Very Long Road Name Indeed, Little Snoring-on-the-Marsh, Norfolk NR21 0AA`

	test.each(TEMPLATE_STYLES)('%s: they wrap inside the page, every letter kept', async (templateStyle) => {
		const content = await sampleBrochureContent({ ...brand, templateStyle })
		content.address = LONG_ADDRESS
		content.buyerName = LONG_NAME
		let text = ''
		for (const run of await pdfTextRuns(await renderBrochurePdf(content))) {
			expect(run.x, `"${run.str}" starts off page ${run.page}`).toBeGreaterThanOrEqual(0)
			expect(run.x + run.width, `"${run.str}" runs off page ${run.page}`).toBeLessThanOrEqual(run.pageWidth + 0.5)
			text += run.str
		}
		// Pieces of a cut word may carry a hyphen at the break, and luxury sets capitals: compare letters only.
		const letters = (value: string) => value.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase()
		expect(letters(text)).toContain(letters(LONG_NAME))
		expect(letters(text)).toContain(letters(LONG_ADDRESS))
	})
})

describe('every script an agency may type', () => {
	const ADDRESS = 'שדרות רוטשילד 12, תל אביב · Łódź · Ωμέγα · Москва · Hà Nội'
	const BUYER = 'Zoë 李小龙 🙂'
	const AGENT = 'محمد العلي'
	const COMPANY = '東京不動産 서울 🏠'

	test.each(TEMPLATE_STYLES)(
		'%s: Chinese, Japanese, Korean, Arabic, Hebrew, Greek, Cyrillic and emoji in embedded fonts',
		async (templateStyle) => {
			const content = await sampleBrochureContent({ ...brand, templateStyle, companyName: COMPANY, agentName: AGENT })
			content.address = ADDRESS
			content.buyerName = BUYER
			const pdf = await renderBrochurePdf(content)

			const fonts = [...embeddedFonts(pdf)].join(' ')
			for (const font of ['WenQuanYiMicroHei', 'NotoSansArabic', 'NotoSansHebrew', 'NotoEmoji'])
				expect(fonts).toContain(font)

			const runs = await pdfTextRuns(pdf)
			// Runs break where the font changes, and luxury spaces its capitals: compare without spaces or case.
			const squeeze = (value: string) => value.replace(/\s+/g, '').toLowerCase()
			const text = squeeze(runs.map((run) => run.str).join(''))
			for (const word of [
				'李小龙',
				'🙂',
				'東京不動産',
				'서울',
				'🏠',
				'Łódź',
				'Ωμέγα',
				'Москва',
				'Hà',
				'Nội',
				'العلي',
				'محمد',
				'שדרות',
				'רוטשילד',
			])
				expect(text).toContain(squeeze(word))
			// Right to left: on the line that holds both, the first Hebrew word stands to the right of the second.
			const first = runs.find((run) => run.str === 'שדרות')!
			const second = runs.find(
				(run) => run.str === 'רוטשילד' && run.page === first.page && Math.abs(run.y - first.y) < 1,
			)!
			expect(first.dir).toBe('rtl')
			expect(first.x).toBeGreaterThan(second.x)
		},
	)
})

describe('brochure details', () => {
	test('the font stack names every piece the installed fontsource packages ship, and only those', () => {
		const shipped = (name: string) =>
			fs
				.readdirSync(fontsourceFiles(name))
				.flatMap((file) => file.match(new RegExp(`^${name}-(.+)-400-normal\\.woff$`))?.[1] ?? [])
		for (const family of FONT_FAMILIES)
			expect(['latin', ...BRAND_SUBSETS[family]].sort()).toEqual(shipped(BRAND_PACKAGES[family]).sort())
		expect([...EMOJI_SUBSETS].sort()).toEqual(shipped('noto-emoji').sort())
	})

	test('text on a brand colour falls back to black or white when the brand pair would not read', () => {
		expect(readableOn('#0f2a44', '#ffffff')).toBe('#ffffff')
		expect(readableOn('#ffffff', '#fefefe')).toBe('#111111')
		expect(readableOn('#111111', '#151515')).toBe('#ffffff')
		const luxury = themeFor({ ...brand, accentColor: '#0e0e10', templateStyle: 'luxury' })
		expect(contrast(luxury.paper, luxury.accentOnPaper)).toBeGreaterThanOrEqual(3)
	})

	test('rooms of the same type are numbered from the second one', () => {
		expect(roomNames(['bedroom', 'kitchen', 'bedroom', 'bedroom', 'backyard'])).toEqual([
			'Bedroom',
			'Kitchen',
			'Bedroom 2',
			'Bedroom 3',
			'Backyard/Patio',
		])
	})

	test('file names are plain ASCII slugs of the address and buyer', () => {
		expect(brochureFileName('Flat 2, 10 Rue de l’Église, Bath BA1', 'Zoë Ångström')).toBe(
			'brochure-flat-2-10-rue-de-l-eglise-bath-ba1-zoe-angstrom.pdf',
		)
	})
})
