// Server-rendered public pages only (src/carga-tras-pintar.ts writes the tag that loads this file): the page is
// complete without its code, which only makes it interactive, so the code, its preloads and the deferred stylesheets
// are requested once the page has painted, and the first paint has the connection to itself (issue 12.6,
// docs/decisions/0026-css-critico-en-linea.md). A plain script (not a module) so that it can read its own tag.
/* global document, requestAnimationFrame */
(function () {
  var tag = document.currentScript;
  if (!tag) return;
  var lista = function (nombre) {
    return (tag.getAttribute(nombre) || '').split(' ').filter(Boolean);
  };
  var entrada = tag.getAttribute('data-entrada');
  var hecho = false;

  function cargar() {
    if (hecho) return;
    hecho = true;
    // The stylesheets go right after the inline critical CSS, in their order: the cascade is the one of a page that
    // linked them (app/hojas-diferidas.ts applies them all at once when all have arrived).
    var critico = document.querySelector('head > style');
    var antes = critico ? critico.nextSibling : null;
    lista('data-hojas').forEach(function (href) {
      var hoja = document.createElement('link');
      hoja.rel = 'stylesheet';
      hoja.crossOrigin = '';
      hoja.media = 'print';
      hoja.setAttribute('data-hoja-diferida', '');
      hoja.href = href;
      document.head.insertBefore(hoja, antes);
    });
    lista('data-precargas').forEach(function (href) {
      var precarga = document.createElement('link');
      precarga.rel = 'modulepreload';
      precarga.crossOrigin = '';
      precarga.href = href;
      document.head.appendChild(precarga);
    });
    if (entrada) {
      var modulo = document.createElement('script');
      modulo.type = 'module';
      modulo.crossOrigin = '';
      modulo.src = entrada;
      document.head.appendChild(modulo);
    }
  }

  // requestAnimationFrame runs just before the first paint, a timeout set there runs after it. A tab opened in the
  // background paints no frame: the timeout alone loads it there.
  requestAnimationFrame(function () {
    setTimeout(cargar, 0);
  });
  setTimeout(cargar, 1000);
})();
