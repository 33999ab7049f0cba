import { Image, Link, Text, View, type Styles } from '@react-pdf/renderer'
import { ORIGINALS_LEAD } from '../room-originals.ts'
import { type BrochureRoom, originalsOf, type BrochureContent } from './content.ts'

export type Style = Styles[string]

/** Pieces every template uses: photos, the logo, the agent's contact lines and the small print. */

/**
 * A photo shown whole in its box (contained, centred: a portrait room is never cut to the box's
 * landscape, hiding the floor the staging stands on); a staged one may carry the "Virtually staged"
 * label (or the agency's words) in the box's bottom-left corner, on or beside the photo. The box
 * fills what its template gives it, and the photo is laid over it: sized by the page, never by the
 * photo. An image in the flow took its height from its own shape, so a phone's portrait photo
 * stood taller than the page and pushed the room onto extra pages.
 */
export function Photo({ data, label = null }: { data: Buffer; label?: string | null }) {
	return (
		<View style={{ flex: 1 }}>
			<Image
				src={{ data, format: 'jpg' }}
				style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: '100%', objectFit: 'contain' }}
			/>
			{label ? (
				<Text
					style={{
						position: 'absolute',
						left: 10,
						bottom: 10,
						fontSize: 8,
						fontWeight: 700,
						color: '#ffffff',
						backgroundColor: 'rgba(0, 0, 0, 0.62)',
						paddingVertical: 3,
						paddingHorizontal: 7,
						borderRadius: 8,
					}}
				>
					{label}
				</Text>
			) : null}
		</View>
	)
}

/** The printed side of a QR code: big enough for a phone to read off an A4 page. */
export const QR_SIZE = 72

/**
 * Beside an altered room: a QR code to the room on the brochure's web page, where its original and
 * details are, and the address to type. Nothing for a room without one (a preview, the sample).
 */
export function OriginalsLink({
	room,
	color,
	align = 'left',
	style,
}: {
	room: BrochureRoom
	color: string
	align?: 'left' | 'right'
	style?: Style
}) {
	const originals = originalsOf(room)
	if (!originals) return null
	const qr = (
		<Link src={originals.url}>
			{/* White behind the code: its quiet zone must be light on every template's paper. */}
			<Image
				src={{ data: originals.qr, format: 'png' }}
				style={{ width: QR_SIZE, height: QR_SIZE, backgroundColor: '#ffffff' }}
			/>
		</Link>
	)
	// The address on a line of its own, wide enough to stay whole: it is there to be typed.
	const caption = (
		<View
			style={{
				alignItems: align === 'left' ? 'flex-start' : 'flex-end',
				[align === 'left' ? 'marginLeft' : 'marginRight']: 8,
			}}
		>
			<Text style={{ fontSize: 8, lineHeight: 1.35, color }}>{ORIGINALS_LEAD}</Text>
			<Text style={{ fontSize: 8, lineHeight: 1.35, color, fontWeight: 700 }}>{originals.shortAddress}</Text>
		</View>
	)
	return (
		<View style={{ flexDirection: 'row', alignItems: 'center', ...style }}>
			{align === 'left' ? qr : caption}
			{align === 'left' ? caption : qr}
		</View>
	)
}

export function Logo({ logo, height, style }: { logo: Buffer | null; height: number; style?: Style }) {
	if (!logo) return null
	return (
		<Image
			src={{ data: logo, format: 'png' }}
			style={{ height, maxWidth: height * 4, objectFit: 'contain', ...style }}
		/>
	)
}

export function ContactLines({
	brand,
	color,
	linkColor,
	align = 'left',
	size = 11,
}: {
	brand: BrochureContent['brand']
	color: string
	linkColor: string
	align?: 'left' | 'center'
	size?: number
}) {
	const line = { fontSize: size, color, textAlign: align, marginBottom: 3 } as const
	return (
		<View style={{ alignItems: align === 'center' ? 'center' : 'flex-start' }}>
			<Text style={{ ...line, fontSize: size + 5, fontWeight: 700, marginBottom: 2 }}>{brand.agentName}</Text>
			{/* Without a brand profile the company is the agent's own name: said once. */}
			{brand.companyName === brand.agentName ? null : (
				<Text style={{ ...line, marginBottom: 10 }}>{brand.companyName}</Text>
			)}
			<Link src={`mailto:${brand.email}`} style={{ ...line, color: linkColor, textDecoration: 'none' }}>
				{brand.email}
			</Link>
			{brand.phone ? <Text style={line}>{brand.phone}</Text> : null}
			{brand.website ? (
				<Link src={brand.website} style={{ ...line, color: linkColor, textDecoration: 'none' }}>
					{brand.website.replace(/^https?:\/\//, '')}
				</Link>
			) : null}
		</View>
	)
}

export function SmallPrint({
	content,
	color,
	align = 'left',
}: {
	content: BrochureContent
	color: string
	align?: 'left' | 'center'
}) {
	const settings = content.settings
		? ` Rendered at ${content.settings.quality} quality with ${content.settings.lighting.toLowerCase()} lighting.`
		: ''
	return (
		<Text style={{ fontSize: 7.5, color, textAlign: align, lineHeight: 1.4 }}>
			Staged images are virtual and illustrative: furniture and decor shown are not part of the sale.{settings}
		</Text>
	)
}

export function Notes({
	notes,
	color,
	label,
	align = 'left',
}: {
	notes: string | null | undefined
	color: string
	label: string
	align?: 'left' | 'center'
}) {
	if (!notes) return null
	return (
		<View style={{ marginTop: 14 }}>
			<Text style={{ fontSize: 8, color: label, letterSpacing: 1.5, marginBottom: 4, textAlign: align }}>
				YOUR REQUESTS
			</Text>
			<Text style={{ fontSize: 10, color, lineHeight: 1.45, textAlign: align }}>{notes}</Text>
		</View>
	)
}

export function pageNumber(index: number) {
	return String(index + 1).padStart(2, '0')
}
