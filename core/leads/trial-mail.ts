import { TRIAL_ROOM_LABELS, TRIAL_STYLE_LABELS, type TrialRoomType } from './trial.schema.ts'
import { PREVIEW_LABEL, type Style } from '#core/render/provider.ts'

const PREVIEW_EXPLANATION = 'this image is a colour preview of the style; full staging also furnishes the room.'

export interface TrialMailInput {
	name: string
	roomType: string | null
	style: string | null
	link: string
	signUpLink: string
	/** Made by the local preview (no staging provider configured): the e-mail says so. */
	isPreview?: boolean
}

function escapeHtml(text: string) {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function describe({ roomType, style }: Pick<TrialMailInput, 'roomType' | 'style'>) {
	const room = TRIAL_ROOM_LABELS[roomType as TrialRoomType]?.toLowerCase() ?? 'room'
	const look = TRIAL_STYLE_LABELS[style as Style]
	return look ? `${room} in the ${look} style` : room
}

/** The e-mail that delivers a trial: the staged photo attached, and the link to before and after. */
export function trialReadyMail(input: TrialMailInput) {
	const what = describe(input)
	const subject = 'Your Rendo transformation is ready'
	const text = [
		`Hi ${input.name},`,
		'',
		`Your ${what} is ready. The staged photo is attached, and you can compare it with your original here:`,
		input.link,
		'',
		...(input.isPreview ? [`${PREVIEW_LABEL}: ${PREVIEW_EXPLANATION}`, ''] : []),
		'Like what you see? Create a Rendo account to stage every room of your listings:',
		input.signUpLink,
		'',
		'Rendo: See the Potential. Sell the Vision.',
	].join('\n')
	const html = `<p>Hi ${escapeHtml(input.name)},</p>
<p>Your ${escapeHtml(what)} is ready. The staged photo is attached, and you can compare it with your original here:</p>
<p><a href="${escapeHtml(input.link)}">See your before and after</a></p>
${input.isPreview ? `<p><strong>${PREVIEW_LABEL}:</strong> ${PREVIEW_EXPLANATION}</p>\n` : ''}<p>Like what you see? <a href="${escapeHtml(input.signUpLink)}">Create a Rendo account</a> to stage every room of your listings.</p>
<p>Rendo: See the Potential. Sell the Vision.</p>`
	return { subject, text, html }
}
