// The brochure dashboard has two addresses (spec 02 §2): /brochures and /brochure-dashboard.
export { action, default, ErrorBoundary, loader, meta } from '#app/routes/_brochures+/brochures.tsx'
