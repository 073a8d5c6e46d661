/* global document, window, fetch, crypto, TextEncoder, HTMLInputElement, HTMLTextAreaElement, HTMLSelectElement, Event, MouseEvent, setTimeout -- a browser script, served as it is */
/*
 * Fairway Mind: starts the app on a prerendered public page (frontend/scripts/prerender.mjs).
 * The HTML is the page already, links included; the app only adds what needs it (forms, the
 * phone menu, the video player). So the app's scripts are requested on the visitor's first
 * sign of intent (a touch, a click, a key, focus, the mouse or wheel moving), not while the
 * page loads: a phone reading the page downloads this file and the HTML, nothing more.
 *
 * Until the app is live (src/components/layouts/public-layout.tsx dispatches "fm:ready" once the
 * page has hydrated), nothing the visitor does is lost:
 * - a link navigates as links do (to the next prerendered page);
 * - any other click, and a form's submit, is held and replayed on the same element once the app
 *   is live (hydration keeps the DOM nodes), so a form never submits natively (its fields would
 *   end up in the URL) and a tap on the menu opens it;
 * - text typed into a field stays in it and is handed to the app as a change, before the replay.
 *
 * It also starts the app when the catalogue a page shows has changed since the prerender
 * (a lesson renamed in the founder console): data-catalogue lists each API path with the
 * SHA-256 of the answer the page was rendered with; the app then shows the new one.
 *
 * data-entry: the app's entry module; data-preload: the chunks it and the page need.
 */
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preload = words(me.getAttribute('data-preload'));
  var catalogue = words(me.getAttribute('data-catalogue'));
  var INTENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];
  var HELD = ['click', 'submit'];
  var started = false;
  var live = false;
  var held = [];
  var edited = [];

  function words(value) {
    return (value || '').split(' ').filter(Boolean);
  }

  function start() {
    if (started || !entry) return;
    started = true;
    INTENT.forEach(function (type) {
      window.removeEventListener(type, start, true);
    });
    preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }

  function hold(event) {
    if (live) return;
    var target = event.target;
    if (event.type === 'click' && target.closest && target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ type: event.type, target: target, submitter: event.submitter || null });
    start();
  }

  function noteEdit(event) {
    var field = event.target;
    if (live || edited.indexOf(field) !== -1) return;
    if (field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) edited.push(field);
    else if (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio')
      edited.push(field);
  }

  /*
   * Hands a field's text to React as a change. Hydration records the value it finds as the
   * field's current one, so an "input" event alone would not reach onChange: the value is first
   * set to "" through the element (React's tracker sees ""), then back through the prototype's
   * setter (which the tracker does not see), and the event then reads as a change.
   */
  function handOver(field) {
    if (!field.isConnected) return;
    var proto = Object.getPrototypeOf(field);
    var setter = Object.getOwnPropertyDescriptor(proto, 'value');
    var text = field.value;
    if (!setter || !setter.set || text === '') return;
    field.value = '';
    setter.set.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (field instanceof HTMLSelectElement) field.dispatchEvent(new Event('change', { bubbles: true }));
  }

  function onReady() {
    if (live) return;
    live = true;
    HELD.forEach(function (type) {
      window.removeEventListener(type, hold, true);
    });
    document.removeEventListener('input', noteEdit, true);
    document.removeEventListener('change', noteEdit, true);
    edited.forEach(handOver);
    // The changes above render in a microtask; the replay comes after, in a task of its own.
    setTimeout(function () {
      held.forEach(function (event) {
        if (!event.target.isConnected) return;
        if (event.type === 'submit') {
          if (event.submitter && event.submitter.isConnected) event.target.requestSubmit(event.submitter);
          else event.target.requestSubmit();
        } else if (typeof event.target.click === 'function') event.target.click();
        else event.target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
      });
      held = [];
    }, 0);
  }

  function sha256(text) {
    return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)).then(function (digest) {
      return Array.from(new Uint8Array(digest), function (byte) {
        return byte.toString(16).padStart(2, '0');
      }).join('');
    });
  }

  /* A catalogue changed since the prerender starts the app, which shows the new one. */
  function checkCatalogue() {
    if (!catalogue.length) return;
    if (!window.crypto || !crypto.subtle) return start();
    catalogue.forEach(function (item) {
      var at = item.lastIndexOf('=');
      var path = item.slice(0, at);
      var shown = item.slice(at + 1);
      fetch(path, { credentials: 'include' })
        .then(function (response) {
          return response.ok ? response.text().then(sha256) : shown;
        })
        .then(function (fresh) {
          if (fresh !== shown) start();
        })
        .catch(function () {
          // Offline or the API is down: the page keeps what it shows.
        });
    });
  }

  INTENT.forEach(function (type) {
    window.addEventListener(type, start, { capture: true, passive: true });
  });
  HELD.forEach(function (type) {
    window.addEventListener(type, hold, true);
  });
  document.addEventListener('input', noteEdit, true);
  document.addEventListener('change', noteEdit, true);
  document.addEventListener('fm:ready', onReady);
  // Once the page has loaded and the browser is idle: a changed catalogue is rare and can wait.
  window.addEventListener(
    'load',
    function () {
      if (window.requestIdleCallback) window.requestIdleCallback(checkCatalogue, { timeout: 2000 });
      else setTimeout(checkCatalogue, 0);
    },
    { once: true },
  );
})();
