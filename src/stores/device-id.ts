// A random id this browser keeps and sends at sign-in, so the risk desk can see two accounts signed in
// from one device (docs/risk.md, link.shared_device). Random, never derived from the browser (no
// fingerprint): clearing the site's storage forgets it.
const KEY = 'device-id';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** This browser's device id, made on first use; undefined where storage is unavailable. */
export function deviceId(): string | undefined {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && UUID.test(kept)) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    // Private mode without storage: sign-in works without it.
    return undefined;
  }
}
