/**
 * A JSON Schema `pattern` engine for ajv that also reads the Go regexp flags upstream schemas
 * carry (Kubernetes CRDs are written for Go: the PrometheusRule CRD has `^(?i)(abort|warn)?$`).
 * A leading `(?flags)` group (after `^` or not) becomes JavaScript flags (`i`, `s`, `m`); everything else is left to
 * JavaScript, whose syntax Go's mostly shares.
 */
export const goRegExp = Object.assign(
  (pattern: string, flags: string): RegExp => {
    // The flag group may follow the anchor: `^(?i)…`.
    const group = /^(\^?)\(\?([ims]+)\)/.exec(pattern);
    if (!group) return new RegExp(pattern, flags);
    return new RegExp(group[1] + pattern.slice(group[0].length), flags + [...new Set(group[2]!)].join(''));
  },
  { code: 'goRegExp' },
);
