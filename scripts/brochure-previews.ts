/**
 * Writes PNGs of the first two pages (cover and first room) of the sample brochure in each
 * template style, so a person can look at them:
 *   node --import tsx scripts/brochure-previews.ts [out-dir]     (default ./data/brochure-previews)
 * Needs pdftoppm (Debian: apt-get install poppler-utils).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import path from 'node:path'
import { BRAND_DEFAULTS, TEMPLATE_STYLES, type TemplateStyle } from '#core/accounts/agent-profile.schema.ts'
import { renderBrochurePdf } from '#core/brochures/pdf/brochure-document.tsx'
import type { BrochureContent } from '#core/brochures/pdf/content.ts'
import { sampleBrochureContent } from '#core/brochures/sample-brochure.ts'
import { sharp } from '#core/platform/sharp.ts'

const outDir = path.resolve(process.argv[2] ?? 'data/brochure-previews')

if (spawnSync('pdftoppm', ['-v']).error) {
	console.error('pdftoppm not found: install poppler-utils (apt-get install -y poppler-utils)')
	process.exit(1)
}

/** A made-up agency's brand per template, the way an agent would pick them. */
const BRANDS: Record<
	TemplateStyle,
	Pick<BrochureContent['brand'], 'primaryColor' | 'secondaryColor' | 'accentColor' | 'fontFamily'>
> = {
	modern: { primaryColor: '#0f2a44', secondaryColor: '#ffffff', accentColor: '#f59e0b', fontFamily: 'Montserrat' },
	classic: {
		primaryColor: '#5b3a29',
		secondaryColor: '#fbf8f1',
		accentColor: '#8a6d3b',
		fontFamily: 'Playfair Display',
	},
	luxury: { primaryColor: '#111111', secondaryColor: '#ffffff', accentColor: '#c8a45d', fontFamily: 'Lato' },
}

async function sampleLogo() {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="90"><rect width="90" height="90" rx="18" fill="#1d4ed8"/><text x="45" y="62" font-size="52" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="bold">H</text><text x="108" y="60" font-size="40" fill="#1f2937" font-family="sans-serif" font-weight="bold">Harbour</text></svg>`
	return sharp(Buffer.from(svg)).png().toBuffer()
}

await fs.mkdir(outDir, { recursive: true })
const logo = await sampleLogo()
for (const templateStyle of TEMPLATE_STYLES) {
	const content = await sampleBrochureContent({
		...BRAND_DEFAULTS,
		...BRANDS[templateStyle],
		templateStyle,
		companyName: 'Harbour Homes',
		agentName: 'Sam Taylor',
		email: 'sam@harbourhomes.example',
		phone: '0117 496 0000',
		website: 'https://harbourhomes.example',
		logo,
	})
	const pdf = await renderBrochurePdf(content)
	const pdfPath = path.join(outDir, `sample-${templateStyle}.pdf`)
	await fs.writeFile(pdfPath, pdf)
	// -f 1 -l 2: cover and first room; files come out as sample-<style>-1.png and -2.png
	execFileSync('pdftoppm', [
		'-png',
		'-r',
		'60',
		'-f',
		'1',
		'-l',
		'2',
		pdfPath,
		path.join(outDir, `sample-${templateStyle}`),
	])
	console.log(`${templateStyle}: ${pdfPath} (${(pdf.length / 1024).toFixed(0)} KB) and its first two pages as PNG`)
}
