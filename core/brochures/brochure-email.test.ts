import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { users } from '#db/schema/accounts.ts'
import { buyerBrandFor } from '#core/accounts/buyer-brand.ts'
import { db } from '#core/platform/db.ts'
import { insertUser } from '#tests/factories.ts'
import { brochureEmail } from './brochure-email.ts'

const mail = {
	hasLogo: false,
	buyerName: 'Priya Patel',
	address: '3 Quay Lane, Bath BA1 1AA',
	styleLabel: 'Coastal',
	personalMessage: undefined,
	link: 'https://rendo.example/api/brochures/x?e=1',
	pixel: 'https://rendo.example/api/brochures/x/open?e=1',
}

test("an agent without a brand profile sends under their own name in neutral colours, never Rendo's", async () => {
	const user = await insertUser()
	await db.update(users).set({ firstName: 'Robin', lastName: 'Fairweather' }).where(eq(users.id, user.id))
	const { subject, html, text } = brochureEmail({ ...mail, brand: await buyerBrandFor(user.id) })
	expect(subject).toBe('Robin Fairweather: your brochure for 3 Quay Lane, Bath BA1 1AA')
	expect(html).toContain('Robin Fairweather</div>')
	expect(html).toContain(`mailto:${user.email}`)
	expect(html).toContain('background:#374151;color:#ffffff')
	expect(html).not.toContain('cid:')
	for (const part of [html, text]) expect(part.replace('Made with Rendo', '')).not.toContain('Rendo')
})
