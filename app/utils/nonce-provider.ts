import { createContext, useContext } from 'react'

/**
 * The current document's CSP nonce, provided by entry.server for the server render. In the
 * browser (and in development, where no CSP is sent) there is none: browsers hide the attribute
 * after parsing anyway, and scripts added after hydration are not inline.
 */
const NonceContext = createContext<string | undefined>(undefined)

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
