// Where the focus goes when a part of the page replaces the one that had it (a form that is now signed): the new
// part gets it, and its section is brought to the top of the screen. Without this the focus fell to the page and
// the browser, left past the end of a shorter page, showed its bottom instead of what changed (issue 27.10).

/** Focuses `el` (tabIndex -1) and scrolls its section (or itself) to the top of the screen, under the header. */
export function enfocarEnVista(el: HTMLElement | null) {
  if (!el) return;
  el.focus({ preventScroll: true });
  // html's scroll-padding-top keeps it clear of the sticky header.
  (el.closest('section') ?? el).scrollIntoView({ block: 'start' });
}
