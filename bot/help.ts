import { Composer } from 'grammy'
import { editRefusals } from '#core/edits/edit-room.ts'
import type { BotContext } from './context.ts'

/** The command menu Telegram shows (registered at start) and the help text, from one list. */
export const COMMANDS = [
	{ command: 'projects', description: 'your properties and their progress' },
	{ command: 'status', description: 'rooms and styles of the current property' },
	{ command: 'favorites', description: 'the current property’s favourites' },
	{ command: 'report', description: 'report an issue' },
	{ command: 'tickets', description: 'your reported issues and our replies' },
	{ command: 'unlink', description: 'disconnect this Telegram account' },
	{ command: 'help', description: 'this message' },
]

/** What the buttons under a delivered image do: the edits only where this server's provider makes them. */
function underTheImages() {
	const refused = editRefusals()
	return [
		'♡ keeps one',
		'Remodel makes one more',
		...(refused.remove ? [] : ['Remove… takes things out of the photo']),
		...(refused.renovate ? [] : ['Renovate… redoes its walls or floor']),
	].join(', ')
}

/** The help text, read when sent: what it offers follows the provider configured. */
export const helpText = () =>
	[
		'Send me room photos (one, several or an album) and I will stage them:',
		'1. choose the property',
		'2. check each photo’s room type',
		'3. pick styles and tap Process',
		`4. under the images: ${underTheImages()}`,
		'',
		...COMMANDS.map((c) => `/${c.command} – ${c.description}`),
	].join('\n')

/** /help, and the answer to anything the other conversations did not take. */
export const help = new Composer<BotContext>()

help.command('help', (ctx) => ctx.reply(helpText()))

help.on('message', (ctx) => ctx.reply(`I did not understand that.\n\n${helpText()}`))

help.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: 'This button is no longer in use.' }))
