import { expect, test } from 'vitest'
import { PREVIEW_LABEL } from '#core/render/provider.ts'
import { trialReadyMail } from './trial-mail.ts'

test('a staged trial says nothing of previews; a local preview is labelled in text and HTML', () => {
	const input = {
		name: 'Sam',
		roomType: 'living_room',
		style: 'modern',
		link: 'https://x/trial/t',
		signUpLink: 'https://x/register',
	}
	const staged = trialReadyMail(input)
	expect(staged.text).not.toContain(PREVIEW_LABEL)
	expect(staged.html).not.toContain(PREVIEW_LABEL)
	const preview = trialReadyMail({ ...input, isPreview: true })
	expect(preview.text).toContain(`${PREVIEW_LABEL}: this image is a colour preview`)
	expect(preview.html).toContain(`<strong>${PREVIEW_LABEL}:</strong>`)
})
