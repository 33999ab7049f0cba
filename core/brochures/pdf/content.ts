import type { AgentBrand } from '#core/accounts/agent-profile.ts'
import { PREVIEW_LABEL } from '#core/render/provider.ts'

/** Everything a brochure shows, resolved to plain data and image bytes: the PDF components only draw it. */
export interface BrochureContent {
	brand: Omit<AgentBrand, 'agentId'> & {
		/** PNG */
		logo: Buffer | null
	}
	address: string
	buyerName: string
	/** The buyer's preferred style, as a label ('Mid-Century'). */
	styleLabel: string
	preparedOn: Date
	rooms: BrochureRoom[]
	/** The multi-room demo's render settings, as labels. */
	settings?: { quality: string; lighting: string } | null
	notes?: string | null
}

export interface BrochureRoom {
	name: string
	styleLabel: string
	/** JPEG bytes, already sized for print. */
	before: Buffer
	after: Buffer
	/** The local preview renderer made the 'after': it is captioned 'Preview, not staged'. */
	isPreview?: boolean
}

/** The caption under a room's staged photo: the template's own words, or the honest preview label. */
export function afterCaption(room: BrochureRoom, staged: string) {
	return room.isPreview ? `${PREVIEW_LABEL} · ${room.styleLabel}` : staged
}

/** Whether a room's staged photo carries the "Virtually staged" label: the agency's choice, and never on a preview. */
export function showsDisclosure(content: BrochureContent, room: BrochureRoom | undefined) {
	return !!room && content.brand.disclosureLabel && !room.isPreview
}

// A fixed zone, so the date printed does not depend on where the worker runs.
const longDate = new Intl.DateTimeFormat('en-GB', {
	day: 'numeric',
	month: 'long',
	year: 'numeric',
	timeZone: 'Europe/London',
})

export function formatPreparedOn(date: Date) {
	return longDate.format(date)
}
