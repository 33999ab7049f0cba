import type { AgentBrand } from '#core/accounts/agent-profile.ts'
import { disclosureLabelOf } from '#core/disclosure/alteration.ts'
import { PREVIEW_LABEL } from '#core/render/provider.ts'
import type { RoomOriginals } from '../room-originals.ts'

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
	/** The staging style's key ('scandinavian'): what was altered, in the label's words. */
	style: string
	styleLabel: string
	/** JPEG bytes, already sized for print. */
	before: Buffer
	after: Buffer
	/** The local preview renderer made the 'after': it is captioned 'Preview, not staged'. */
	isPreview?: boolean
	/**
	 * Where the room's original and its details are online: the brochure's web page at this room.
	 * Printed beside an altered room as a QR code and an address; none for the sample brochure,
	 * which has no web page.
	 */
	originals?: RoomOriginals | null
}

/** The caption under a room's staged photo: the template's own words, or the honest preview label. */
export function afterCaption(room: BrochureRoom, staged: string) {
	return room.isPreview ? `${PREVIEW_LABEL} · ${room.styleLabel}` : staged
}

/**
 * The label on a room's staged photo ("Virtually staged", or the agency's own words), or null: the
 * agency's choice, and never on a preview.
 */
export function stagedLabel(content: BrochureContent, room: BrochureRoom | undefined) {
	if (!room || !content.brand.disclosureLabel || room.isPreview) return null
	return disclosureLabelOf(room.style, content.brand.disclosureText)
}

/** The way to an altered room's original online; a preview is not altered (colours only). */
export function originalsOf(room: BrochureRoom) {
	return room.isPreview ? null : (room.originals ?? null)
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
