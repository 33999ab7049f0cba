import type { AgentBrand } from '#core/accounts/agent-profile.ts'
import { readableOn } from './pdf/theme.ts'

export interface BrochureEmail {
	brand: Omit<AgentBrand, 'agentId' | 'templateStyle'>
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

export function brochureEmailSubject(companyName: string, address: string) {
	return `${companyName}: your brochure for ${address}`
}

/**
 * The buyer's e-mail: an HTML part in the agent's colours and font (with web-safe fallbacks),
 * and a plain-text part with the same words and link. Everything the agent or buyer typed is escaped.
 */
export function brochureEmail(mail: BrochureEmail) {
	const { brand } = mail
	const onPrimary = readableOn(brand.primaryColor, brand.secondaryColor)
	const onAccent = readableOn(brand.accentColor, '#ffffff')
	const font = `'${brand.fontFamily}', Helvetica, Arial, sans-serif`
	const message =
		mail.personalMessage ??
		`Hi ${mail.buyerName},\n\nThank you for viewing ${mail.address}. Here is your brochure, with the rooms staged in the ${mail.styleLabel} style.`
	const contact = [brand.agentName, brand.companyName, brand.email, brand.phone, brand.website].filter(
		Boolean,
	) as string[]

	const text = [
		message,
		'',
		`Your brochure for ${mail.address}: ${mail.link}`,
		'',
		...contact,
		'',
		'Staged images are virtual and illustrative.',
	].join('\n')

	const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(brochureEmailSubject(brand.companyName, mail.address))}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:${escapeHtml(font)};color:#1b1b1f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${brand.primaryColor};color:${onPrimary};padding:28px 32px">
<div style="font-size:12px;letter-spacing:2px;text-transform:uppercase;opacity:.85">${escapeHtml(brand.companyName)}</div>
<div style="font-size:24px;font-weight:bold;margin-top:8px">${escapeHtml(mail.address)}</div>
<div style="font-size:14px;margin-top:6px">Prepared for ${escapeHtml(mail.buyerName)}</div>
</td></tr>
<tr><td style="padding:28px 32px;font-size:15px;line-height:1.55">
${paragraphs(message)}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="background:${brand.accentColor};border-radius:8px">
<a href="${escapeHtml(mail.link)}" style="display:inline-block;padding:14px 24px;color:${onAccent};font-weight:bold;text-decoration:none">View your brochure</a>
</td></tr></table>
<div style="border-top:1px solid #e5e7eb;padding-top:16px;font-size:13px;color:#4b5563">
${contact.map((line, i) => (i === 0 ? `<strong style="color:#1b1b1f">${escapeHtml(line)}</strong>` : escapeHtml(line))).join('<br>')}
</div>
</td></tr>
<tr><td style="padding:16px 32px;background:#f9fafb;font-size:11px;color:#6b7280">Staged images are virtual and illustrative: furniture and decor shown are not part of the sale.</td></tr>
</table>
</td></tr></table>
<img src="${escapeHtml(mail.pixel)}" width="1" height="1" alt="" style="display:block;border:0">
</body></html>`
	return { subject: brochureEmailSubject(brand.companyName, mail.address), text, html }
}
