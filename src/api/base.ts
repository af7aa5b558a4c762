/** The API's base address: PUBLIC_API_BASE, else the site's own origin. Browser only. */
export const apiBase = () => import.meta.env.PUBLIC_API_BASE || location.origin;
