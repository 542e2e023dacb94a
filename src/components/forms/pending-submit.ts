/**
 * Progressive enhancement for plain forms: while a submit is on its way, the button shows its
 * pending label (data-pending-label) and is disabled so it cannot be sent twice.
 */
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-pending]")) {
  form.addEventListener("submit", () => {
    const button = form.querySelector<HTMLButtonElement>("button[type=submit][data-pending-label]");
    if (!button) return;
    button.textContent = button.dataset.pendingLabel ?? button.textContent;
    button.setAttribute("aria-disabled", "true");
    setTimeout(() => (button.disabled = true));
  });
}
for (const input of document.querySelectorAll<HTMLInputElement>("input[data-browser-timezone]")) {
  input.value ||= Intl.DateTimeFormat().resolvedOptions().timeZone;
}
