import type { RoomType } from './studio.schema.ts'

/** The room types a file name can suggest (spec 02 §5); anything else falls back to living. */
export type GuessedRoomType = Extract<RoomType, 'living' | 'bedroom' | 'kitchen' | 'bathroom' | 'dining' | 'office'>

const KEYWORDS: Array<[GuessedRoomType, string[]]> = [
	['living', ['living', 'lounge', 'familyroom']],
	['bedroom', ['bedroom', 'bed']],
	['kitchen', ['kitchen', 'cook']],
	['bathroom', ['bathroom', 'bath', 'powder']],
	['dining', ['dining', 'eat']],
	['office', ['office', 'study', 'den']],
]

// 'master' describes a suite more than a room: 'master-bathroom' is a bathroom, 'master-suite' a
// bedroom. It only counts when no room word is present.
const WEAK_KEYWORDS: Array<[GuessedRoomType, string[]]> = [['bedroom', ['master']]]

// Whole words only, so 'garden' is not a 'den' and 'bedding' not a 'bed'; these endings cover
// the way people write rooms in file names ('livingroom', 'bedrooms', 'cooking', 'beds').
const ENDINGS = ['', 's', 'room', 'rooms', 'ing']

/** Lower-case words of a file name without folders or extension; splits camelCase and digits. */
function words(fileName: string): string[] {
	const base = fileName.split(/[\\/]/).pop() ?? ''
	const withoutExtension = base.replace(/\.[a-z0-9]{1,5}$/i, '')
	const spaced = withoutExtension.replace(/([a-z])([A-Z])/g, '$1 $2')
	const list = spaced
		.toLowerCase()
		.split(/[^a-z]+/)
		.filter(Boolean)
	// 'family room' is two words in the spec's list: join it so one lookup matches both spellings.
	const joined: string[] = []
	for (let i = 0; i < list.length; i++) {
		if (list[i] === 'family' && /^rooms?$/.test(list[i + 1] ?? '')) {
			joined.push('familyroom')
			i++
		} else joined.push(list[i])
	}
	return joined
}

function matchWord(word: string, table: Array<[GuessedRoomType, string[]]>): GuessedRoomType | null {
	for (const [roomType, keywords] of table) {
		if (keywords.some((keyword) => ENDINGS.some((ending) => word === keyword + ending))) return roomType
	}
	return null
}

/**
 * Guesses a room type from a photo's file name; the agent can change it before uploading.
 * The first room word in the name wins ('kitchen-diner' is a kitchen, 'living-dining' a living
 * room), so the order of the name, not of a list, decides.
 */
export function guessRoomType(fileName: string): GuessedRoomType {
	const list = words(fileName)
	for (const word of list) {
		const found = matchWord(word, KEYWORDS)
		if (found) return found
	}
	for (const word of list) {
		const found = matchWord(word, WEAK_KEYWORDS)
		if (found) return found
	}
	return 'living'
}
