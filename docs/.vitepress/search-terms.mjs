// The local search's tokenizers. VitePress ships them to the browser as their source text
// (serializeFunctions in vitepress 1.6.4's node build), so each function is self-contained:
// no import, no module constant.

/**
 * The terms a page is indexed under. minisearch's default splits on every punctuation mark, so
 * `flux.layer-missing` became `flux`, `layer` and `missing`, found on every page that names a
 * layer. A dotted, dashed or slashed identifier is kept whole (a rule code, a setting path, an
 * API group) and its parts are indexed too, so `layer-missing` and `vip` still find it.
 * @param {string} text
 * @returns {string[]}
 */
export function indexTerms(text) {
  const terms = [];
  for (const [word] of text.matchAll(/[\p{L}\p{N}_$]+(?:[.\-/:@][\p{L}\p{N}_$]+)*/gu)) {
    terms.push(word);
    if (!/[.\-/:@]/.test(word)) continue;
    // The dashed pieces between dots and slashes (`layer-missing`), then the single words.
    for (const piece of word.split(/[./:@]/)) if (piece !== word) terms.push(piece);
    for (const part of word.split(/[.\-/:@]/)) terms.push(part);
  }
  return terms;
}

/**
 * The terms of what the reader types: an identifier stays whole, so `controlPlane.vip` asks for
 * that setting, not for every page holding `vip`; prefix search still finds it while it is typed.
 * @param {string} text
 * @returns {string[]}
 */
export function queryTerms(text) {
  return [...text.matchAll(/[\p{L}\p{N}_$]+(?:[.\-/:@][\p{L}\p{N}_$]+)*/gu)].map(([word]) => word);
}
