// Draws every `.mermaid-diagram` the Markdown renderer wrote (../mermaid-fence.mjs) with Mermaid,
// loaded only on a page that has one. A diagram Mermaid cannot parse shows its message above the
// source, marked `data-mermaid="error"`, so the browser check finds it.
let count = 0;

export async function drawDiagrams(): Promise<void> {
  const blocks = [...document.querySelectorAll<HTMLElement>('.mermaid-diagram:not([data-mermaid])')];
  if (blocks.length === 0) return;
  const { default: mermaid } = await import('mermaid');
  // suppressErrorRendering: no "Syntax error" picture appended to <body>; the error is shown here.
  mermaid.initialize({ startOnLoad: false, theme: 'neutral', securityLevel: 'strict', suppressErrorRendering: true });
  for (const block of blocks) {
    const source = block.querySelector('.mermaid-source')?.textContent ?? '';
    block.dataset.mermaid = 'drawing';
    try {
      const { svg } = await mermaid.render(`mermaid-${++count}`, source);
      block.innerHTML = svg;
      block.dataset.mermaid = 'drawn';
    } catch (error) {
      const message = document.createElement('p');
      message.className = 'mermaid-error';
      message.textContent = `Mermaid could not draw this diagram: ${error instanceof Error ? error.message : String(error)}`;
      block.prepend(message);
      block.dataset.mermaid = 'error';
    }
  }
}
