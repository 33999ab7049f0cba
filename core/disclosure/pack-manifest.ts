import path from 'node:path'
import { addressSlug } from '#core/studio/asset-names.ts'
import { marketOf, type MarketCode } from './markets.ts'

/**
 * A listing pack's names, README and manifest (no database here: the CLI names a pack it fetches
 * over the API). The README says, in the agency's market's words, what the pack is for and which
 * rules on altered photos it helps with. The manifest has one row per image in the pack, the same
 * rows as CSV (for a spreadsheet or a portal's or MLS's upload tool) and as JSON (for scripts),
 * under the same column names; the JSON's rows also carry what the room check saw added and removed
 * as data (`added`, `removed`).
 */

export const PACK_README = 'README.txt'
export const MANIFEST_CSV = 'manifest.csv'
export const MANIFEST_JSON = 'manifest.json'

/** The pack's download name: the address's first line, as the final images are named. */
export const listingPackName = (address: string) => `${addressSlug(address)}-listing-pack.zip`

/** `04-kitchen-modern.jpg` → `04-kitchen-modern-original.jpg`, with the original's own extension. */
export function originalNameFor(fileName: string, originalKey: string) {
	const ext = path.extname(originalKey) || '.jpg'
	return `${fileName.slice(0, fileName.length - path.extname(fileName).length)}-original${ext}`
}

export interface ManifestRow {
	/** The image as delivered, labelled as the agency chose. */
	file: string
	/** The unaltered photo it was made from, named to pair with it. */
	original: string
	/** What was done, in the words listings use ("Furniture added, Modern style"). */
	alteration: string
	/** Whether listing rules count it as digitally altered; colour and exposure only is not. */
	altered: boolean
	/** What the room check saw added and removed ("Added: a sofa and two lamps. Removed: a bed"); null when it saw nothing or did not look. */
	contents: string | null
	provider: string | null
	model: string | null
	/** When the image was made, ISO 8601. */
	date: string
	/** The image's place on the property's public originals page. */
	originals_address: string
}

/** Things of one kind the room check saw, e.g. { name: 'lamp', plural: 'lamps', count: 2 }. */
export interface ManifestItems {
	name: string
	plural: string
	count: number
}

/** A row of manifest.json: the CSV's columns, and what the room check saw as lists, largest first (null when it did not look). */
export interface ManifestJsonRow extends ManifestRow {
	added: ManifestItems[] | null
	removed: ManifestItems[] | null
}

export const MANIFEST_COLUMNS = [
	'file',
	'original',
	'alteration',
	'altered',
	'contents',
	'provider',
	'model',
	'date',
	'originals_address',
] as const satisfies ReadonlyArray<keyof ManifestRow>

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: string | boolean | null) {
	const text = value === null ? '' : String(value)
	return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** The rows as CSV with a header line, CRLF line ends as RFC 4180 has them. */
export function manifestCsv(rows: readonly ManifestRow[]) {
	const lines = [
		MANIFEST_COLUMNS.join(','),
		...rows.map((row) => MANIFEST_COLUMNS.map((c) => csvField(row[c])).join(',')),
	]
	return `${lines.join('\r\n')}\r\n`
}

/** The rows as JSON, with the property and its originals page they belong to. */
export function manifestJson(pack: { property: string; originalsPage: string; images: readonly ManifestJsonRow[] }) {
	return `${JSON.stringify(pack, null, 2)}\n`
}

/** The pack's README: what it holds and is for, and the rules on altered photos in the agency's market. */
export function packReadme(pack: { property: string; originalsPage: string; market: MarketCode }) {
	const market = marketOf(pack.market)
	const lines = [
		`Listing pack: ${pack.property}`,
		'',
		`Each image sits beside the photo it was made from (the same name ending in -original), for ${market.uploads}.`,
		`${MANIFEST_CSV} and ${MANIFEST_JSON} say of each image what was altered, by which provider and model, and when, and where its original is public on the property's originals page:`,
		pack.originalsPage,
		'',
		`Rules on altered listing photos (${market.name}):`,
		...market.rules.map((rule) => `- ${rule.name}: ${rule.asks}`),
		'',
		'Rendo names these rules to help; it is not legal advice on your listing.',
	]
	// CRLF, as the CSV has it, so Notepad shows the lines too.
	return `${lines.join('\r\n')}\r\n`
}
