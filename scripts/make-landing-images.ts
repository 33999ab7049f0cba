/**
 * Makes the landing page's before/after examples in public/landing/: six synthetic rooms drawn here
 * (nothing downloaded, nothing we may not ship), each "after" produced from its "before" by Rendo's
 * own local preview renderer in the slide's style, each at every width of the pages' srcset in
 * AVIF and WebP. Run after changing a scene or a look:
 *
 *   node --import tsx scripts/make-landing-images.ts
 *
 * It prints the files and sizes, and the module the landing page reads them from stays in step
 * because the names come from app/components/landing/examples.ts.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
	EXAMPLES,
	EXAMPLE_SIZE,
	EXAMPLE_WIDTHS,
	exampleVariant,
	type Example,
} from '#app/components/landing/examples.ts'
import { sharp } from '#core/platform/sharp.ts'
import { renderLocalPreview } from '#core/render/local-preview.ts'

const { width: W, height: H } = EXAMPLE_SIZE
const outDir = path.resolve(import.meta.dirname, '../public')
const WEBP = { quality: 74, effort: 6 } as const
// At the same look AVIF is about half WebP's size on these pictures.
const AVIF = { quality: 50, effort: 6 } as const

const defs = `<defs>
	<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc7ea"/><stop offset="1" stop-color="#e8f1f7"/></linearGradient>
	<radialGradient id="daylight" cx="0.3" cy="0.35" r="0.8"><stop offset="0" stop-color="#fff8e8" stop-opacity="0.45"/><stop offset="1" stop-color="#fff8e8" stop-opacity="0"/></radialGradient>
	<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>
	<linearGradient id="oak" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b78a5c"/><stop offset="1" stop-color="#7a5533"/></linearGradient>
	<linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fae52"/><stop offset="1" stop-color="#3f6e2b"/></linearGradient>
</defs>`

function wallAndFloor(wall: string, floor: string, horizon = 560) {
	return `<rect width="1200" height="${horizon}" fill="${wall}"/>
	<polygon points="0,${horizon} 1200,${horizon} 1200,800 0,800" fill="${floor}"/>
	<rect y="${horizon - 14}" width="1200" height="14" fill="#f3efe8"/>`
}

function window(x: number, y: number, w: number, h: number) {
	return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)" stroke="#f6f3ec" stroke-width="14"/>
	<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#f6f3ec" stroke-width="8"/>
	<line x1="${x}" y1="${y + h / 2}" x2="${x + w}" y2="${y + h / 2}" stroke="#f6f3ec" stroke-width="8"/>`
}

function plant(x: number, y: number, scale = 1) {
	return `<g transform="translate(${x} ${y}) scale(${scale})">
	<ellipse cx="0" cy="-110" rx="70" ry="90" fill="#3f7d43"/><ellipse cx="-40" cy="-60" rx="45" ry="55" fill="#2f6a35"/>
	<ellipse cx="45" cy="-70" rx="40" ry="60" fill="#4b8f4d"/><path d="M-38 -10 h76 l-12 70 h-52 z" fill="#c9b9a4"/></g>`
}

const light = `<rect width="1200" height="800" fill="url(#daylight)"/><rect y="560" width="1200" height="240" fill="url(#shade)"/>`

const SCENES: Record<Example['id'], string> = {
	kitchen: `${wallAndFloor('#d9d4ca', '#9c9186')}
	${window(470, 90, 260, 190)}
	<rect x="60" y="70" width="360" height="170" fill="#e9e5dc" stroke="#c4beb3" stroke-width="4"/>
	<rect x="780" y="70" width="360" height="170" fill="#e9e5dc" stroke="#c4beb3" stroke-width="4"/>
	<line x1="240" y1="70" x2="240" y2="240" stroke="#c4beb3" stroke-width="4"/><line x1="960" y1="70" x2="960" y2="240" stroke="#c4beb3" stroke-width="4"/>
	<rect x="40" y="300" width="1120" height="110" fill="#ebe7e0"/>
	<path d="M40 330 H1160 M40 360 H1160 M40 390 H1160" stroke="#d8d2c7" stroke-width="3"/>
	<rect x="40" y="410" width="1120" height="22" fill="#6f6a66"/>
	<rect x="40" y="432" width="1120" height="120" fill="#5f7a8a"/>
	<path d="M320 432 V552 M600 432 V552 M880 432 V552" stroke="#4c6372" stroke-width="4"/>
	<rect x="520" y="398" width="160" height="14" rx="4" fill="#9aa3aa"/>
	<rect x="280" y="560" width="640" height="30" fill="#6f6a66"/><rect x="300" y="590" width="600" height="150" fill="#5f7a8a"/>
	<rect x="330" y="740" width="14" height="40" fill="#333"/><rect x="856" y="740" width="14" height="40" fill="#333"/>
	<g fill="#2b2b2b"><rect x="360" y="600" width="60" height="12" rx="6"/><rect x="560" y="600" width="60" height="12" rx="6"/><rect x="760" y="600" width="60" height="12" rx="6"/></g>
	<g stroke="#2b2b2b" stroke-width="3"><line x1="400" y1="0" x2="400" y2="200"/><line x1="600" y1="0" x2="600" y2="200"/><line x1="800" y1="0" x2="800" y2="200"/></g>
	<g fill="#f2c46b"><path d="M370 200 h60 l-12 36 h-36 z"/><path d="M570 200 h60 l-12 36 h-36 z"/><path d="M770 200 h60 l-12 36 h-36 z"/></g>
	${light}`,
	living: `${wallAndFloor('#cfc8bd', 'url(#oak)')}
	${window(120, 110, 300, 330)}
	<rect x="560" y="150" width="220" height="150" fill="#7d9cb4" stroke="#3a3a3a" stroke-width="10"/>
	<rect x="820" y="180" width="150" height="110" fill="#d9a066" stroke="#3a3a3a" stroke-width="10"/>
	<rect x="500" y="470" width="560" height="150" rx="36" fill="#6d7a86"/>
	<rect x="530" y="410" width="500" height="100" rx="30" fill="#7e8b97"/>
	<rect x="560" y="450" width="110" height="70" rx="18" fill="#d7b46a"/><rect x="890" y="450" width="110" height="70" rx="18" fill="#b65f4a"/>
	<ellipse cx="600" cy="720" rx="420" ry="60" fill="#b7a48c"/>
	<rect x="470" y="640" width="300" height="24" rx="8" fill="#5a3d27"/><rect x="490" y="664" width="12" height="50" fill="#5a3d27"/><rect x="738" y="664" width="12" height="50" fill="#5a3d27"/>
	<rect x="1080" y="300" width="10" height="320" fill="#2a2a2a"/><path d="M1040 300 h90 l-20 -70 h-50 z" fill="#f0d9a0"/>
	${plant(300, 640, 1.1)}
	${light}`,
	office: `${wallAndFloor('#c9cfc9', '#8d7d6b')}
	${window(760, 100, 320, 300)}
	<rect x="80" y="120" width="300" height="430" fill="#8b6a4c"/>
	<g fill="#a88463"><rect x="95" y="200" width="270" height="12"/><rect x="95" y="300" width="270" height="12"/><rect x="95" y="400" width="270" height="12"/></g>
	<g><rect x="110" y="140" width="24" height="60" fill="#b84a3a"/><rect x="138" y="150" width="20" height="50" fill="#3b6ea5"/><rect x="162" y="145" width="26" height="55" fill="#e0b44a"/>
	<rect x="120" y="240" width="30" height="60" fill="#4c8a5e"/><rect x="154" y="250" width="22" height="50" fill="#7b5aa6"/><rect x="260" y="330" width="70" height="70" fill="#d8d0c4"/></g>
	<rect x="420" y="430" width="560" height="24" fill="#5b4634"/><rect x="440" y="454" width="18" height="230" fill="#5b4634"/><rect x="942" y="454" width="18" height="230" fill="#5b4634"/>
	<rect x="600" y="280" width="240" height="140" rx="8" fill="#222"/><rect x="612" y="292" width="216" height="116" fill="#5d84a8"/>
	<rect x="705" y="420" width="30" height="12" fill="#333"/>
	<rect x="560" y="560" width="170" height="150" rx="24" fill="#3b3f45"/><rect x="580" y="470" width="130" height="110" rx="20" fill="#474c53"/>
	<rect x="640" y="710" width="12" height="60" fill="#222"/>
	${plant(1060, 700, 0.9)}
	${light}`,
	bedroom: `${wallAndFloor('#d8cfc6', '#a58f78')}
	${window(840, 110, 240, 300)}
	<rect x="820" y="90" width="40" height="360" fill="#c4b49c"/><rect x="1060" y="90" width="40" height="360" fill="#c4b49c"/>
	<rect x="230" y="270" width="520" height="200" rx="16" fill="#7c6a58"/>
	<rect x="200" y="440" width="580" height="220" rx="20" fill="#eef0f3"/>
	<rect x="200" y="520" width="580" height="140" rx="20" fill="#8fa5bd"/>
	<rect x="250" y="400" width="200" height="70" rx="24" fill="#fbfbfb"/><rect x="530" y="400" width="200" height="70" rx="24" fill="#fbfbfb"/>
	<rect x="60" y="430" width="120" height="130" fill="#b8a38a"/><rect x="800" y="430" width="120" height="130" fill="#b8a38a"/>
	<path d="M90 430 h60 l-10 -60 h-40 z" fill="#f2ddb0"/><path d="M830 430 h60 l-10 -60 h-40 z" fill="#f2ddb0"/>
	<ellipse cx="490" cy="730" rx="380" ry="50" fill="#c8b8a6"/>
	${light}`,
	kids: `${wallAndFloor('#dfe3e6', '#b59c7e')}
	${window(120, 110, 260, 260)}
	<path d="M430 90 Q640 170 860 90" fill="none" stroke="#888" stroke-width="3"/>
	<g><polygon points="470,104 500,104 485,140" fill="#e56b5d"/><polygon points="540,122 570,124 554,160" fill="#f2c14e"/><polygon points="610,132 640,132 625,168" fill="#5dade2"/>
	<polygon points="680,130 710,128 694,164" fill="#58b56b"/><polygon points="750,118 780,114 764,150" fill="#af7ac5"/></g>
	<rect x="620" y="330" width="480" height="70" rx="14" fill="#8ab6d6"/><rect x="620" y="390" width="480" height="190" rx="16" fill="#f4f6f8"/>
	<rect x="620" y="460" width="480" height="120" rx="16" fill="#f3a968"/><rect x="650" y="360" width="150" height="60" rx="20" fill="#fff"/>
	<rect x="180" y="470" width="120" height="90" fill="#e56b5d"/><rect x="310" y="490" width="100" height="70" fill="#5dade2"/><rect x="240" y="420" width="80" height="50" fill="#f2c14e"/>
	<ellipse cx="520" cy="700" rx="260" ry="60" fill="#9fd3c7"/><ellipse cx="520" cy="700" rx="170" ry="36" fill="#c7e9df"/>
	<rect x="440" y="200" width="140" height="12" fill="#b08a63"/><circle cx="470" cy="186" r="14" fill="#e56b5d"/><rect x="500" y="172" width="28" height="28" fill="#58b56b"/><circle cx="550" cy="186" r="14" fill="#5dade2"/>
	${light}`,
	garden: `<rect width="1200" height="420" fill="url(#sky)"/>
	<ellipse cx="260" cy="110" rx="120" ry="34" fill="#fff" opacity="0.8"/><ellipse cx="860" cy="80" rx="150" ry="40" fill="#fff" opacity="0.7"/>
	<rect y="300" width="1200" height="140" fill="#8a6a4a"/>
	<g stroke="#6f5339" stroke-width="4">${Array.from({ length: 24 }, (_, i) => `<line x1="${i * 50 + 25}" y1="300" x2="${i * 50 + 25}" y2="440"/>`).join('')}</g>
	<rect y="420" width="1200" height="380" fill="url(#grass)"/>
	<circle cx="1030" cy="260" r="130" fill="#3f7a3a"/><circle cx="950" cy="310" r="90" fill="#4f8f45"/><rect x="1010" y="330" width="36" height="140" fill="#5a4030"/>
	<ellipse cx="160" cy="430" rx="140" ry="70" fill="#3a6f36"/><ellipse cx="330" cy="445" rx="100" ry="50" fill="#4b8440"/>
	<polygon points="300,560 900,560 1080,800 120,800" fill="#cfc6b8"/>
	<g stroke="#b5ab9c" stroke-width="4"><line x1="300" y1="620" x2="940" y2="620"/><line x1="250" y1="700" x2="1000" y2="700"/><line x1="600" y1="560" x2="600" y2="800"/><line x1="450" y1="560" x2="380" y2="800"/><line x1="750" y1="560" x2="820" y2="800"/></g>
	<ellipse cx="600" cy="600" rx="130" ry="34" fill="#f0ece4"/><rect x="592" y="600" width="16" height="90" fill="#444"/>
	<rect x="420" y="600" width="80" height="80" rx="10" fill="#2f4f5f"/><rect x="700" y="600" width="80" height="80" rx="10" fill="#2f4f5f"/>
	<path d="M600 430 L520 590 H680 Z" fill="#e9dccb"/><rect x="596" y="430" width="8" height="170" fill="#555"/>
	<rect width="1200" height="800" fill="url(#daylight)"/>`,
}

/** Grain, so the photo behaves like one (the renderer's curves and vignette act on texture). */
function grainTile(): Buffer {
	const tile = Buffer.alloc(128 * 128 * 3)
	let state = 7
	for (let i = 0; i < tile.length; i++) {
		state ^= state << 13
		state ^= state >>> 17
		state ^= state << 5
		tile[i] = 128 + ((state >>> 0) % 17) - 8
	}
	return tile
}

/** The "before": the scene as a phone would take it indoors, a little flat and grey. */
async function photograph(scene: string) {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 1200 800">${defs}${scene}</svg>`
	const flat = await sharp(Buffer.from(svg))
		.composite([{ input: grainTile(), raw: { width: 128, height: 128, channels: 3 }, tile: true, blend: 'overlay' }])
		.png()
		.toBuffer()
	return sharp(flat).modulate({ brightness: 0.93, saturation: 0.82 }).jpeg({ quality: 95 }).toBuffer()
}

fs.mkdirSync(path.join(outDir, 'landing'), { recursive: true })
for (const example of EXAMPLES) {
	const before = await photograph(SCENES[example.id])
	const after = await renderLocalPreview({
		image: before,
		style: example.style,
		variationIndex: 0,
	})
	for (const [src, bytes] of [
		[example.before, before],
		[example.after, after.image],
	] as const) {
		// Every width in both formats, for the pages' srcset; the full-width WebP is the image itself.
		for (const width of EXAMPLE_WIDTHS)
			for (const format of ['avif', 'webp'] as const) {
				const variant = exampleVariant(src, width, format)
				const image = sharp(bytes).resize(width)
				const file = path.join(outDir, variant)
				await (format === 'avif' ? image.avif(AVIF) : image.webp(WEBP)).toFile(file)
				console.log(`${variant}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB`)
			}
	}
}
