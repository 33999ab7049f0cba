// The studio project list has two addresses (spec 02 §2): /property-studio and /rendo-studio.
export { action, default, ErrorBoundary, loader, meta } from '#app/routes/_studio+/property-studio._index.tsx'
