/** Telegram refuses a photo's caption longer than this. */
export const CAPTION_MAX = 1024

/** The line that sends whoever sees the image to the photo it was made from. */
export const originalLine = (url: string | null) => (url ? [`Original: ${url}`] : [])

/**
 * A photo's caption from its lines, the most needed first: within Telegram's limit, the last
 * lines (the room check's notes, then what it saw added and removed) give way, never the title or
 * the original's address before them.
 */
export function caption(lines: string[]) {
	const text = lines.join('\n')
	return text.length > CAPTION_MAX ? `${text.slice(0, CAPTION_MAX - 1)}…` : text
}
