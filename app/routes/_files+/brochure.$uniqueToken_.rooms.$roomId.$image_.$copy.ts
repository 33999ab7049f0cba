// A brochure room photo's smaller copy, by its longest side: the same token check as the photo itself.
export { loader } from './brochure.$uniqueToken_.rooms.$roomId.$image.ts'
