/* global document, window, fetch, crypto, TextEncoder, HTMLSelectElement, Event, MouseEvent, setTimeout -- a browser script, served as it is */
/*
 * Fairway Mind: makes a prerendered public page (frontend/scripts/prerender.mjs) answer at once,
 * and starts the app when the visitor is about to need it.
 *
 * The HTML is the page already, links included. The page's controls answer their first tap here,
 * without the app (issue 26: ≤ 200 ms on a phone), as "islands" the React components mark:
 * - [data-fm-disclosure]: a button that shows or hides the element it controls (aria-controls):
 *   the phone menu, Socials, the FAQ questions. data-fm-group: one open at a time in the group;
 *   data-fm-labels="Open menu|Close menu": its aria-label, closed|open; data-fm-dismiss: Escape
 *   or a tap elsewhere closes it.
 * - [data-fm-video]: a video poster; play puts the player's iframe (data-fm-src) into the
 *   element before it ([data-fm-player]) and hides the poster.
 * Each React component reads the state the visitor left it in when it mounts, then marks the
 * element data-fm-live: from then on React answers it (src/lib/use-island.ts).
 *
 * The app's scripts are requested when the visitor signals intent: a hover or focus on Member
 * Login / Start Free, focus on a form field, a mouse moving (a desktop), Tab, a click that needs
 * the app (a button of a form) or a submit; never on scrolling, nor on a tap an island answers.
 * A phone reading the page downloads this file and the HTML, nothing more.
 *
 * Until the app is live (src/components/layouts/public-layout.tsx dispatches "fm:ready" once the
 * page has hydrated), nothing the visitor does is lost:
 * - a link navigates as links do (to the next prerendered page);
 * - a click on a button, and a form's submit, is held (once per form) and replayed on the same
 *   element once the app is live (hydration keeps the DOM nodes), so a form never submits
 *   natively (its fields would end up in the URL) and submits once;
 * - whatever is in a field (typed, pasted, autofilled, set by a password manager: with or without
 *   events), checkboxes and selects too, is handed to the app as changes, before the replay.
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
  var FIELD = 'input, textarea, select';
  var INTENT_LINK = 'a[href="/login"], a[href="/signup"]';
  var NEEDS_APP = 'button, [role="button"], input[type="submit"], input[type="button"], input[type="image"]';
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

  function closest(target, selector) {
    return target && target.closest ? target.closest(selector) : null;
  }

  /* Intent: the app is fetched in the background, the page keeps answering meanwhile. */
  function intent(event) {
    if (started) return;
    var t = event.target;
    if (event.type === 'pointermove') {
      if (event.pointerType === 'mouse') start();
    } else if (event.type === 'keydown') {
      if (event.key === 'Tab') start();
    } else if (closest(t, INTENT_LINK) || (event.type === 'focusin' && closest(t, FIELD))) start();
  }

  /* Islands. */
  function setOpen(button, open) {
    var panel = document.getElementById(button.getAttribute('aria-controls'));
    if (!panel) return;
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    var labels = button.getAttribute('data-fm-labels');
    if (labels) button.setAttribute('aria-label', labels.split('|')[open ? 1 : 0]);
  }

  function openDisclosures(selector) {
    return Array.prototype.filter.call(document.querySelectorAll(selector), function (b) {
      return !b.hasAttribute('data-fm-live') && b.getAttribute('aria-expanded') === 'true';
    });
  }

  function play(poster) {
    var slot = poster.previousElementSibling;
    if (!slot || !slot.hasAttribute('data-fm-player')) return;
    var frame = document.createElement('iframe');
    frame.src = poster.getAttribute('data-fm-src');
    frame.title = poster.getAttribute('data-fm-title');
    frame.allow = poster.getAttribute('data-fm-allow');
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    slot.replaceChildren(frame);
    poster.hidden = true;
  }

  function island(event) {
    var control = closest(event.target, '[data-fm-disclosure], [data-fm-video]');
    // A tap elsewhere closes an open Socials list (not the panel's own links).
    openDisclosures('[data-fm-dismiss]').forEach(function (button) {
      var panel = document.getElementById(button.getAttribute('aria-controls'));
      if (button !== control && !(panel && panel.contains(event.target))) setOpen(button, false);
    });
    if (!control || control.hasAttribute('data-fm-live')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (control.hasAttribute('data-fm-video')) return play(control);
    var open = control.getAttribute('aria-expanded') !== 'true';
    var group = control.getAttribute('data-fm-group');
    if (open && group) {
      openDisclosures('[data-fm-group="' + group + '"]').forEach(function (other) {
        setOpen(other, false);
      });
    }
    setOpen(control, open);
  }

  function escape(event) {
    if (event.key !== 'Escape') return;
    openDisclosures('[data-fm-dismiss], [data-fm-labels]').forEach(function (button) {
      setOpen(button, false);
      if (button.contains(document.activeElement) || document.activeElement === document.body) button.focus();
    });
  }

  /* What needs the app: held until it is live, then replayed once. */
  function hold(event) {
    if (live) return;
    var target = event.target;
    if (event.type === 'click') {
      if (closest(target, 'a[href]') || !closest(target, NEEDS_APP)) return;
      target = closest(target, NEEDS_APP);
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    // A form submits once: one held submit (or click on its submit button) per form.
    var form = event.type === 'submit' ? target : target.type === 'submit' ? target.form : null;
    var same = held.some(function (h) {
      return h.target === target || (form && h.form === form);
    });
    if (!same) held.push({ type: event.type, target: target, form: form, submitter: event.submitter || null });
    start();
  }

  function noteEdit(event) {
    var field = event.target;
    if (!live && closest(field, FIELD) && edited.indexOf(field) === -1) edited.push(field);
  }

  /* A field whose content differs from the value React rendered it with (its default). */
  function changed(field) {
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
    if (field instanceof HTMLSelectElement) {
      return Array.prototype.some.call(field.options, function (option) {
        return option.selected !== option.defaultSelected;
      });
    }
    return field.type !== 'hidden' && field.type !== 'file' && field.value !== field.defaultValue;
  }

  /*
   * Hands a field's content to React as a change. Hydration records the value it finds as the
   * field's current one, so an event alone would not reach onChange: the value is first set to
   * "" through the element (React's tracker sees ""), then back through the prototype's setter
   * (which the tracker does not see), and the event then reads as a change. A checkbox is set
   * back to its default the same way, then clicked. Every value is read BEFORE any is handed
   * over: the first change re-renders the form, which writes the others' React values ("")
   * back into their fields.
   */
  function handOver(item) {
    var field = item.field;
    if (!field.isConnected) return;
    if (field.type === 'checkbox' || field.type === 'radio') {
      if (field.type === 'radio' && !item.checked) return;
      field.checked = !item.checked;
      field.click();
      return;
    }
    var setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
    if (!setter || !setter.set) return;
    field.value = item.value === '' ? ' ' : '';
    setter.set.call(field, item.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (field instanceof HTMLSelectElement) field.dispatchEvent(new Event('change', { bubbles: true }));
  }

  function onReady() {
    if (live) return;
    live = true;
    Array.prototype.forEach.call(document.querySelectorAll(FIELD), function (field) {
      if (edited.indexOf(field) === -1 && changed(field)) edited.push(field);
    });
    // Read now, while the fields still hold what the visitor entered; handed over in a task of
    // its own: "fm:ready" comes from React's effects, where the changes would not render (and
    // React would write its own values back into the fields).
    var items = edited.map(function (field) {
      return { field: field, value: field.value, checked: field.checked };
    });
    edited = [];
    setTimeout(function () {
      items.forEach(handOver);
      // The changes above render at once; the replay comes after, in a task of its own.
      setTimeout(replay, 0);
    }, 0);
  }

  function replay() {
    held.forEach(function (event) {
      if (!event.target.isConnected) return;
      if (event.type === 'submit') {
        if (event.submitter && event.submitter.isConnected) event.target.requestSubmit(event.submitter);
        else event.target.requestSubmit();
      } else if (typeof event.target.click === 'function') event.target.click();
      else event.target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    });
    held = [];
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

  ['pointerover', 'pointermove', 'focusin', 'keydown'].forEach(function (type) {
    window.addEventListener(type, intent, { capture: true, passive: true });
  });
  // The islands first: a tap they answer goes no further (not to hold, not to React).
  window.addEventListener('click', island, true);
  window.addEventListener('keydown', escape, true);
  window.addEventListener('click', hold, true);
  window.addEventListener('submit', hold, true);
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
