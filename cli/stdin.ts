/**
 * Everything piped to the command (--password-stdin, --token-stdin), less the one line break that
 * `echo` and here-strings add: a password may begin or end with spaces, so nothing else is cut.
 */
export async function readStdin() {
	let text = ''
	for await (const chunk of process.stdin) text += chunk
	return text.replace(/\r?\n$/, '')
}
