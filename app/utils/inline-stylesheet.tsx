import { createContext, useContext, useState } from 'react'

/**
 * The app's stylesheet, written into each document's head instead of linked from it. Linked, it is
 * a request every first paint waits for: a round trip on a phone's connection, with the page's
 * scripts loading alongside. Inlined, it costs about 9 kB of compressed HTML per full page load
 * (navigations after the first are client-side) and the page paints as soon as its HTML arrives.
 *
 * The server provides the built file's text (entry.server.tsx). The browser renders the same
 * element by taking that text back from the document it hydrates, so it never ships in a script.
 * In development (Vite serves the stylesheet and reloads it on change) the stylesheet is linked.
 * The text must not depend on its own address: Tailwind's output has no relative url().
 */
const StylesheetContext = createContext<string | undefined>(undefined)
export const StylesheetProvider = StylesheetContext.Provider

const ID = 'stylesheet'

export function Stylesheet({ href }: { href: string }) {
	const fromServer = useContext(StylesheetContext)
	const [css] = useState(() => {
		if (typeof document === 'undefined') return fromServer
		const inlined = document.getElementById(ID)
		return inlined instanceof HTMLStyleElement ? inlined.innerHTML : undefined
	})
	return css === undefined ? (
		<link id={ID} rel="stylesheet" href={href} />
	) : (
		// biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet, read from our build or this very element.
		<style id={ID} dangerouslySetInnerHTML={{ __html: css }} />
	)
}
