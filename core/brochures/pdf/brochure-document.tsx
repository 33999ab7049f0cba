import { Document, renderToBuffer } from '@react-pdf/renderer'
import { classic } from './classic.tsx'
import type { BrochureContent } from './content.ts'
import { registerBrochureFonts } from './fonts.ts'
import { luxury } from './luxury.tsx'
import { modern } from './modern.tsx'
import type { Template } from './template.ts'
import { themeFor } from './theme.ts'

const TEMPLATES: Record<BrochureContent['brand']['templateStyle'], Template> = { modern, classic, luxury }

/** Cover, one page per room (before beside the staged after), then thanks and the agent's details. */
export function BrochureDocument({ content }: { content: BrochureContent }) {
	const theme = themeFor(content.brand)
	const { Cover, Room, Closing } = TEMPLATES[content.brand.templateStyle]
	return (
		<Document
			title={`${content.address}: prepared for ${content.buyerName}`}
			author={content.brand.companyName}
			subject={`${content.styleLabel} staging brochure`}
			creator="Rendo"
			producer="Rendo"
		>
			<Cover content={content} theme={theme} />
			{content.rooms.map((room, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: a PDF is rendered once; its pages never reorder.
				<Room key={index} content={content} theme={theme} room={room} index={index} />
			))}
			<Closing content={content} theme={theme} />
		</Document>
	)
}

/** The brochure as PDF bytes. */
export async function renderBrochurePdf(content: BrochureContent): Promise<Buffer> {
	registerBrochureFonts()
	return renderToBuffer(<BrochureDocument content={content} />)
}
