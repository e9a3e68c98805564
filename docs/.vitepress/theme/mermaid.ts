// Draws every `.mermaid-diagram` the Markdown renderer wrote (../mermaid-fence.mjs) with Mermaid,
// loaded only on a page that has one. A diagram Mermaid cannot parse shows its message above the
// source, marked `data-mermaid="error"`, so the browser check finds it.
let count = 0;

export async function drawDiagrams(): Promise<void> {
  const blocks = [...document.querySelectorAll<HTMLElement>('.mermaid-diagram:not([data-mermaid])')];
  if (blocks.length === 0) return;
  const { default: mermaid } = await import('mermaid');
  // suppressErrorRendering: no "Syntax error" picture appended to <body>; the error is shown here.
  // htmlLabels off: an HTML label is a foreignObject sized when Mermaid measures it, off the page;
  // on the page the theme's text styles set it taller, and its last line was cut off. SVG text is
  // styled by Mermaid alone, so its node is sized for what is drawn.
  mermaid.initialize({
    startOnLoad: false,
    theme: 'neutral',
    securityLevel: 'strict',
    suppressErrorRendering: true,
    htmlLabels: false,
    flowchart: { htmlLabels: false },
  });
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
