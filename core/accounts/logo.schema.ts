/**
 * The account logo's rules (spec 02 §5): PNG, JPEG/JPG or SVG, below 5MB. Browser-safe: the logo
 * screen checks a picked file with the same rules and words before sending it.
 */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024
/** For <input accept>: the browser's file picker offers only these. */
export const LOGO_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml'

export const LOGO_INVALID_TYPE = { title: 'Invalid File Type', description: 'Please upload a PNG, JPG or SVG file.' }
export const LOGO_TOO_LARGE = { title: 'File Too Large', description: 'Your logo must be smaller than 5MB.' }

const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'image/svg+xml'])
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g|svg)$/i

/** What is wrong with a picked file, judged by its name, type and size (the server reads the bytes). */
export function logoFileProblem(file: { name: string; type: string; size: number }) {
	if (!ACCEPTED_TYPES.has(file.type) && !ACCEPTED_EXTENSIONS.test(file.name)) return LOGO_INVALID_TYPE
	if (file.size >= LOGO_MAX_BYTES) return LOGO_TOO_LARGE
	return null
}
