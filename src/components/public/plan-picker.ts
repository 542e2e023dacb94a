/**
 * Progressive enhancement of the register page's plan select: each plan card gets a "Choose …"
 * button, and the chosen card is highlighted. Without JavaScript the select alone chooses.
 */
const select = document.querySelector<HTMLSelectElement>("select[data-plan-select]");
if (select) {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>("button[data-choose-plan]")];
  const show = () => {
    for (const button of buttons) {
      const chosen = button.dataset.choosePlan === select.value;
      button.setAttribute("aria-pressed", String(chosen));
      button.textContent = chosen ? "Chosen" : `Choose ${button.closest("[data-plan]")?.querySelector(".plan-name")?.textContent ?? "this plan"}`;
      button.closest("[data-plan]")?.classList.toggle("is-selected", chosen);
    }
  };
  for (const button of buttons) {
    button.hidden = false;
    button.addEventListener("click", () => {
      select.value = button.dataset.choosePlan ?? select.value;
      show();
      select.focus();
    });
  }
  select.addEventListener("change", show);
  show();
}
