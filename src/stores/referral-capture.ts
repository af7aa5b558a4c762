// A `?ref=CODE` on any landing URL is kept until the visitor registers.
const KEY = 'referral-code';
const CODE = /^[A-Za-z0-9]{4,32}$/;

export function captureReferral(url: URL = new URL(location.href)) {
  const code = url.searchParams.get('ref');
  if (!code || !CODE.test(code)) return;
  try {
    localStorage.setItem(KEY, code.toUpperCase());
  } catch {
    // Private mode without storage: the code is lost, registration still works.
  }
}

export function storedReferral(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetReferral() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
