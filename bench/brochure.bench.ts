/**
 * The brochure's figures on this machine.
 *  1. A 6-room brochure's PDF built in process from ready photos (12 photos of 1600×1200 sized for
 *     print, then laid out), per template style: time (best of 3) and file size.
 *  2. The same 6 rooms through the real server (embedded PostgreSQL, inline graphile-worker, local
 *     storage, local preview renderer): multi-room submission → brochure ready (6 renders and the
 *     PDF job), the PDF's size, and the web process's peak RSS growth meanwhile.
 * PNGs of the sample brochure's first two pages per template: `node --import tsx scripts/brochure-previews.ts`.
 */
import { BRAND_DEFAULTS, TEMPLATE_STYLES } from '#core/accounts/agent-profile.schema.ts'
import { renderBrochurePdf } from '#core/brochures/pdf/brochure-document.tsx'
import type { BrochureContent } from '#core/brochures/pdf/content.ts'
import { printImage } from '#core/brochures/print-image.ts'
import { renderLocalPreview } from '#core/render/local-preview.ts'
import { makeRoomPhoto } from '#tests/fixtures/room-photo.ts'
import { memoryOf, resetPeakMemory, startAppServer } from './app-server.ts'
import { signUp } from '#tests/studio-client.ts'

const ROOMS = ['living', 'kitchen', 'bedroom', 'bathroom', 'dining', 'office'] as const
const NAMES = ['Living Room', 'Kitchen', 'Bedroom', 'Bathroom', 'Dining Room', 'Office']

const report = (name: string, value: string) => console.log(`${name}: ${value}`)
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const photos = await Promise.all(ROOMS.map((_, i) => makeRoomPhoto({ width: 1600, height: 1200, seed: i + 1 })))

// 1. In process.
const staged = await Promise.all(
	photos.map(async (image) => (await renderLocalPreview({ image, style: 'scandinavian', variationIndex: 0 })).image),
)
for (const templateStyle of TEMPLATE_STYLES) {
	let best = Infinity
	let size = 0
	for (let run = 0; run < 3; run++) {
		const started = performance.now()
		const rooms = []
		for (const [i, before] of photos.entries())
			rooms.push({
				name: NAMES[i],
				style: 'scandinavian',
				styleLabel: 'Scandinavian',
				before: await printImage(before),
				after: await printImage(staged[i]),
			})
		const content: BrochureContent = {
			brand: {
				...BRAND_DEFAULTS,
				templateStyle,
				companyName: 'Harbour Homes',
				agentName: 'Sam Taylor',
				email: 'sam@harbourhomes.example',
				phone: null,
				website: null,
				logo: null,
			},
			address: '14 Harbour View, Bristol BS1 5LL',
			buyerName: 'Alex Morgan',
			styleLabel: 'Scandinavian',
			preparedOn: new Date(),
			rooms,
		}
		const pdf = await renderBrochurePdf(content)
		best = Math.min(best, performance.now() - started)
		size = pdf.length
	}
	report(
		`6-room brochure PDF (${templateStyle}), photos sized for print + layout, best of 3`,
		`${seconds(best)}, ${kb(size)}`,
	)
}

// 2. Through the server.
const server = await startAppServer({ port: 3400 + Math.floor(Math.random() * 500) * 2 })
try {
	const { cookie } = await signUp(server.url)

	const form = new FormData()
	for (const [name, value] of Object.entries({
		clientName: 'Alex Morgan',
		propertyAddress: '14 Harbour View, Bristol BS1 5LL',
		stylePreference: 'scandinavian',
		agentEmail: 'desk@example.com',
	}))
		form.set(name, value)
	photos.forEach((photo, i) =>
		form.append('property-images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${ROOMS[i]}.jpg`),
	)

	resetPeakMemory(server.pid)
	const before = memoryOf(server.pid).rss
	const started = performance.now()
	const submitted = await fetch(`${server.url}/api/client-preferences-multi-room`, {
		method: 'POST',
		body: form,
		headers: { cookie },
	})
	if (submitted.status !== 201) throw new Error(`submit: ${submitted.status} ${await submitted.text()}`)
	const answered = performance.now() - started
	let brochure: { status: string; downloadUrl: string | null } | undefined
	for (;;) {
		;[brochure] = (await (await fetch(`${server.url}/api/agent/brochures`, { headers: { cookie } })).json()) as Array<{
			status: string
			downloadUrl: string | null
		}>
		if (brochure?.status !== 'processing') break
		await new Promise((r) => setTimeout(r, 100))
	}
	const ready = performance.now() - started
	if (brochure?.status !== 'ready' || !brochure.downloadUrl) throw new Error(`brochure ${brochure?.status}`)
	const pdf = Buffer.from(await (await fetch(`${server.url}${brochure.downloadUrl}`)).arrayBuffer())
	report('6 photos of 1600×1200: multi-room submission answered', seconds(answered))
	report('6 photos of 1600×1200: submission → brochure ready (6 renders + PDF job)', seconds(ready))
	report('6-room brochure PDF size (modern, default brand)', kb(pdf.length))
	report('web process peak RSS growth meanwhile', `${(memoryOf(server.pid).peak - before).toFixed(1)} MB`)
} finally {
	await server.stop()
}
