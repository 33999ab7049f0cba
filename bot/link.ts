import { Composer } from 'grammy'
import { config } from '#core/platform/config.ts'
import { linkTelegram, unlinkTelegram } from '#core/telegram/links.ts'
import type { BotContext } from './context.ts'
import { helpText } from './help.ts'

function notLinkedText() {
	return [
		'Hi! I stage room photos for Rendo accounts, so first connect yours:',
		`1. Sign in at ${config().appUrl}/dashboard`,
		'2. Choose ‘Connect Telegram’',
		'3. Tap the link it shows, or send me /start followed by the code',
	].join('\n')
}

const NOT_LINKED_ALERT = 'Connect your Rendo account first: choose ‘Connect Telegram’ on your dashboard.'

/** `/start <code>` links this Telegram account, `/unlink` undoes it; then the gate for everything else. */
export const link = new Composer<BotContext>()

link.command('start', async (ctx) => {
	const code = ctx.match.trim()
	if (!code) return ctx.reply(ctx.linked ? `Welcome back!\n\n${helpText()}` : notLinkedText())
	const user = await linkTelegram(code, { id: ctx.from!.id, username: ctx.from!.username })
	await ctx.reply(`Connected to the Rendo account ${user.email}.\n\n${helpText()}`)
})

link.command('unlink', async (ctx) => {
	const removed = await unlinkTelegram(ctx.from!.id)
	await ctx.reply(
		removed ? 'Disconnected. This Telegram account no longer acts for your Rendo account.' : notLinkedText(),
	)
})

// Nothing else works for an unlinked user: they get the explanation and no core call is made.
link.use(async (ctx, next) => {
	if (ctx.linked) return next()
	if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text: NOT_LINKED_ALERT, show_alert: true })
	else if (ctx.message) await ctx.reply(notLinkedText())
})
