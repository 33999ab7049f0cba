import QRCode from 'qrcode'
import { alterationOf, disclosureLabelOf } from '#core/disclosure/alteration.ts'
import { config } from '#core/platform/config.ts'
import { brochureWebPath } from './agent-brochures.ts'

/**
 * How a brochure's altered rooms lead to their originals (California's B&P §10140.8, CRMLS 11.5.2):
 * the brochure's web page is its originals page, every room shown there beside its original under
 * its own anchor; the PDF prints each altered room's original beside it and a QR code to that anchor.
 */

/** A room's anchor on the brochure's web page. */
export const roomAnchor = (roomImageId: string) => `room-${roomImageId}`

/** Where a room's QR code leads: the brochure's web page, at that room. */
export const brochureRoomUrl = (uniqueToken: string, roomImageId: string) =>
	`${config().appUrl}${brochureWebPath(uniqueToken)}#${roomAnchor(roomImageId)}`

/** The web page's address as printed under the QR code: no scheme, so it reads as something to type. */
export const shortBrochureAddress = (uniqueToken: string) =>
	`${config().appUrl}${brochureWebPath(uniqueToken)}`.replace(/^https?:\/\//, '')

/** The printed line beside a room's QR code, before the address. */
export const ORIGINALS_LEAD = 'Original photo and details: scan or visit'

/** Said next to every room's staged photo on the web page, whatever the agency's label setting. */
export const ORIGINAL_BESIDE = 'The original photo is shown beside it.'

/**
 * A QR code as a PNG, for the PDF. Error correction M survives a crease or a smudge; at the size
 * the templates print it (72 pt) a module of a brochure room's URL is about half a millimetre,
 * which a phone reads from a printed A4 page.
 */
export function qrPng(url: string) {
	return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 })
}

/** What a brochure room links to: the address to type, the URL to scan and its QR code. */
export interface RoomOriginals {
	url: string
	shortAddress: string
	/** PNG */
	qr: Buffer
}

export async function roomOriginals(uniqueToken: string, roomImageId: string): Promise<RoomOriginals> {
	const url = brochureRoomUrl(uniqueToken, roomImageId)
	return { url, shortAddress: shortBrochureAddress(uniqueToken), qr: await qrPng(url) }
}

/**
 * The disclosure beside a staged room on the web page. The label's words (the agency's own, or
 * "Virtually staged") follow the agency's setting, as on the PDF; that the original is beside it
 * is always said. A preview only colour-graded the photo: it is not altered, so it carries no label.
 */
export function roomDisclosure(
	style: string,
	{ isPreview, labelOn, agencyWords }: { isPreview: boolean; labelOn: boolean; agencyWords: string | null },
) {
	const altered = !isPreview && alterationOf(style).altered
	const label = altered && labelOn ? disclosureLabelOf(style, agencyWords) : null
	const alteration = alterationOf(style).words
	const done = `${alteration.charAt(0).toLowerCase()}${alteration.slice(1)}`
	return {
		altered,
		label,
		statement: label ? `${label}: ${done}. ${ORIGINAL_BESIDE}` : ORIGINAL_BESIDE,
	}
}
