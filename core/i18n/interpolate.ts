/** Replaces `{name}` placeholders; unknown ones stay as they are. */
export const interpolate = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
