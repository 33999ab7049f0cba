// A file's smaller copy on the originals page, by its longest side: the same checks and headers as the file itself.
export { loader } from './o.$token_.$variationId.$file.ts'
