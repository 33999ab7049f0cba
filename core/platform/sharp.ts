import sharp from 'sharp'

// Every image is decoded once (an upload, a render), so libvips' operation cache only holds
// memory: off. The pixel limit guards every input that does not set its own.
sharp.cache(false)

export { sharp }
