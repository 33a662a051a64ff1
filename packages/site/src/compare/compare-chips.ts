// The compare page's rows of buttons: one row of chips per facet (tool, workload, ...), each with
// the count of experiments it would leave, and the row of chosen runs, each of which a click
// drops from the comparison.

import { type Chip, chipTitle } from './chips.ts';
import { FACET_TITLES, FACETS, type Facet } from './facets.ts';
import type { RunName } from './scoreboard-element.ts';

/** A labelled row: the title, then its buttons. */
function buttonRow(document: Document, id: string, title: string, buttons: readonly HTMLButtonElement[]): HTMLElement {
  const row = document.createElement('div');
  row.className = 'chip-row';
  row.setAttribute('role', 'group');
  const heading = document.createElement('span');
  heading.className = 'chip-title';
  heading.id = id;
  heading.textContent = title;
  row.setAttribute('aria-labelledby', id);
  row.append(heading, ...buttons);
  return row;
}

function chipButton(document: Document, facet: Facet, chip: Chip): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'chip';
  button.dataset.facet = facet;
  button.dataset.value = chip.value;
  button.setAttribute('aria-pressed', String(chip.isChosen));
  button.textContent = `${chip.label} `;
  const count = document.createElement('span');
  count.className = 'chip-count';
  count.textContent = String(chip.count);
  button.append(count);
  button.title = chipTitle(chip);
  // A chosen chip stays clickable, whatever it leaves: it is how it is unchosen.
  button.disabled = !chip.isChosen && chip.count === 0;
  return button;
}

/** One row per facet, its chips counted (compare/chips.ts). */
export function chipRows(document: Document, chips: Readonly<Record<Facet, readonly Chip[]>>): HTMLElement[] {
  return FACETS.map((facet) =>
    buttonRow(
      document,
      `chips-${facet}`,
      FACET_TITLES[facet],
      chips[facet].map((chip) => chipButton(document, facet, chip)),
    ),
  );
}

/** The chosen runs, each a button that drops it (`data-drop-run`). */
export function chosenRunsRow(document: Document, chosen: readonly { id: string; name: RunName }[]): HTMLElement {
  const buttons = chosen.map(({ id, name }) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chip chosen-run';
    button.dataset.dropRun = id;
    button.title = `Drop ${name.full} from the comparison`;
    button.setAttribute('aria-label', `Drop ${name.short}`);
    const cross = document.createElement('span');
    cross.setAttribute('aria-hidden', 'true');
    cross.textContent = ' ×';
    button.append(name.short, cross);
    return button;
  });
  return buttonRow(document, 'chosen-runs', 'Chosen', buttons);
}

/**
 * Replaces the chips, keeping the keyboard where it was: a chip clicked is drawn anew with its
 * count, and the focus goes to the new one of the same facet and value.
 */
export function replaceChips(container: HTMLElement, rows: readonly HTMLElement[]): void {
  const focused = container.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  container.replaceChildren(...rows);
  const { facet, value } = focused?.dataset ?? {};
  if (facet === undefined) return;
  const again = [...container.querySelectorAll<HTMLButtonElement>('button[data-facet]')].find(
    (button) => button.dataset.facet === facet && button.dataset.value === value,
  );
  again?.focus();
}
