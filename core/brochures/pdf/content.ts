import type { AgentBrand } from '#core/accounts/agent-profile.ts'

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
}

// A fixed zone, so the date printed does not depend on where the worker runs.
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })

export function formatPreparedOn(date: Date) {
	return longDate.format(date)
}
