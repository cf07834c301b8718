// Progressive enhancement only: every page works without this script. Copies a new key to the clipboard.
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const input = document.getElementById(button.getAttribute('data-copy'));
  const status = document.getElementById(button.getAttribute('aria-describedby'));
  if (!(input instanceof HTMLInputElement)) return;
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
    if (status) status.textContent = 'Copied to the clipboard.';
  } catch {
    if (status) status.textContent = 'Copy failed: the key is selected, press Ctrl+C (⌘C).';
  }
});
