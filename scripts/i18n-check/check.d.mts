export declare function flatten(node: unknown, prefix?: string): Record<string, unknown>;
export declare function placeholders(text: string): string;
export declare function placeholderMismatch(value: string, original: string): string | null;
export declare function checkMessageSets(input: {
  sets: Record<string, Record<string, unknown>>;
  intlTags: Record<string, string>;
  allowlist?: Record<string, Record<string, string[]>>;
  lines?: Record<string, Record<string, Record<string, number>>>;
  broken?: Set<string>;
}): string[];
export declare function checkContent(input: {
  collections: Record<string, Record<string, Record<string, string>>>;
  locales: string[];
  root?: string;
}): string[];
