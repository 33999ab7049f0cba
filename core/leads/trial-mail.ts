import { TRIAL_ROOM_LABELS, TRIAL_STYLE_LABELS, type TrialRoomType } from './trial.schema.ts'
import type { Style } from '#core/render/provider.ts'

export interface TrialMailInput {
	name: string
	roomType: string | null
	style: string | null
	link: string
	signUpLink: string
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
		'Like what you see? Create a Rendo account to stage every room of your listings:',
		input.signUpLink,
		'',
		'Rendo: See the Potential. Sell the Vision.',
	].join('\n')
	const html = `<p>Hi ${escapeHtml(input.name)},</p>
<p>Your ${escapeHtml(what)} is ready. The staged photo is attached, and you can compare it with your original here:</p>
<p><a href="${escapeHtml(input.link)}">See your before and after</a></p>
<p>Like what you see? <a href="${escapeHtml(input.signUpLink)}">Create a Rendo account</a> to stage every room of your listings.</p>
<p>Rendo: See the Potential. Sell the Vision.</p>`
	return { subject, text, html }
}
