export function privateKeyPath(env: Record<string, string | undefined>): string;
export function publicKeySpkiBase64(env: Record<string, string | undefined>): string;
