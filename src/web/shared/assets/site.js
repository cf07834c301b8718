// Progressive enhancement only: every page works without this script. Copy buttons (`data-copy` names the
// element whose text to copy: an input's value, or a code block's text) report in the element their
// aria-describedby names.
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const source = document.getElementById(button.getAttribute('data-copy'));
  const status = document.getElementById(button.getAttribute('aria-describedby'));
  if (!source) return;
  const text = source instanceof HTMLInputElement ? source.value : source.textContent;
  if (source instanceof HTMLInputElement) source.select();
  try {
    await navigator.clipboard.writeText(text);
    if (status) status.textContent = 'Copied to the clipboard.';
  } catch {
    if (!(source instanceof HTMLInputElement)) window.getSelection()?.selectAllChildren(source);
    if (status) status.textContent = 'Copy failed: the text is selected, press Ctrl+C (⌘C).';
  }
});
