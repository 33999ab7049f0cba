// The administrator dashboard has two addresses (spec 01 §2): /admin-dashboard and /admin.
export { default, ErrorBoundary, loader, meta } from '#app/routes/_staff+/admin-dashboard.tsx'
