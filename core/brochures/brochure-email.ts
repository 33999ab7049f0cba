import { brandName } from '#core/accounts/brand-name.ts'
import type { BuyerBrand } from '#core/accounts/buyer-brand.ts'

/** The Content-ID the e-mail's logo is attached under; the HTML shows it as cid:… */
export const MAIL_LOGO_CID = 'agency-logo@rendo'

export interface BrochureEmail {
	brand: BuyerBrand
	/** Whether the agency's logo is attached (under MAIL_LOGO_CID); else its name heads the e-mail. */
	hasLogo: boolean
	buyerName: string
	address: string
	styleLabel: string
	personalMessage: string | undefined
	/** The tracked link to the PDF. */
	link: string
	/** The tracked 1×1 image that records the first open. */
	pixel: string
}

function escapeHtml(text: string) {
	return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

function paragraphs(text: string) {
	return text
		.split(/\n{2,}/)
		.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
		.join('')
}

export function brochureEmailSubject(senderName: string, address: string) {
	return `${senderName}: your brochure for ${address}`
}

/** The agency's contact as the e-mail lists it: name first, then agent, phone, e-mail, website. */
function contactLines(brand: BuyerBrand) {
	return [brandName(brand), brand.companyName ? brand.agentName : null, brand.phone, brand.email, brand.website].filter(
		(line): line is string => !!line,
	)
}

/**
 * The buyer's e-mail, in the agent's brand: the agency's logo (or name) on top, its primary colour
 * behind the address, the link as a button in its accent, its contact at the foot, and nothing of
 * Rendo's but a small line under it. An HTML part in the agent's colours and font (with web-safe
 * fallbacks, every text colour readable on what it sits on), and a plain-text part with the same
 * words, link and contact. Everything the agent or buyer typed is escaped.
 */
export function brochureEmail(mail: BrochureEmail) {
	const { brand } = mail
	const { colours } = brand
	const name = brandName(brand)
	const subject = brochureEmailSubject(name, mail.address)
	const font = `${brand.fontFamily ? `'${brand.fontFamily}', ` : ''}Helvetica, Arial, sans-serif`
	const message =
		mail.personalMessage ??
		`Hi ${mail.buyerName},\n\nThank you for viewing ${mail.address}. Here is your brochure, with the rooms staged in the ${mail.styleLabel} style.`
	const contact = contactLines(brand)

	const text = [
		message,
		'',
		`Your brochure for ${mail.address}: ${mail.link}`,
		'',
		...contact,
		'',
		'Staged images are virtual and illustrative.',
		'Made with Rendo',
	].join('\n')

	const contactHtml = contact
		.map((line, i) => {
			if (i === 0) return `<strong style="color:#1b1b1f">${escapeHtml(line)}</strong>`
			if (line === brand.email)
				return `<a href="mailto:${escapeHtml(line)}" style="color:${colours.accent}">${escapeHtml(line)}</a>`
			if (line === brand.website)
				return `<a href="${escapeHtml(line)}" style="color:${colours.accent}">${escapeHtml(line.replace(/^https?:\/\//, ''))}</a>`
			return escapeHtml(line)
		})
		.join('<br>')
	const masthead = mail.hasLogo
		? `<img src="cid:${MAIL_LOGO_CID}" alt="${escapeHtml(name)}" height="48" style="display:block;height:48px;width:auto;max-width:240px;border:0">`
		: `<div style="font-size:20px;font-weight:bold;color:${colours.primaryText}">${escapeHtml(name)}</div>`

	const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:${escapeHtml(font)};color:#1b1b1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border-top:4px solid ${colours.primary}">
<tr><td style="padding:20px 32px">${masthead}</td></tr>
<tr><td style="background:${colours.primary};color:${colours.onPrimary};padding:28px 32px">
<div style="font-size:24px;font-weight:bold">${escapeHtml(mail.address)}</div>
<div style="font-size:14px;margin-top:6px">Prepared for ${escapeHtml(mail.buyerName)}</div>
</td></tr>
<tr><td style="padding:28px 32px;font-size:15px;line-height:1.55">
${paragraphs(message)}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="background:${colours.accent};border-radius:8px">
<a href="${escapeHtml(mail.link)}" style="display:inline-block;padding:14px 24px;color:#ffffff;font-weight:bold;text-decoration:none">View your brochure</a>
</td></tr></table>
<div style="border-top:1px solid #e5e7eb;padding-top:16px;font-size:13px;color:#4b5563">
${contactHtml}
</div>
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;font-size:11px;color:#5f6368">Staged images are virtual and illustrative: furniture and decor shown are not part of the sale.<br>Made with Rendo</td></tr>
</table>
</td></tr></table>
<img src="${escapeHtml(mail.pixel)}" width="1" height="1" alt="" style="display:block;border:0">
</body></html>`
	return { subject, text, html }
}
