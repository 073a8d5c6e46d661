/* global document, requestAnimationFrame -- a browser script, served as it is */
/*
 * Fairway Mind: starts the app on a prerendered public page (frontend/scripts/prerender.mjs)
 * once the page has painted. The HTML is the page already; the scripts only make it
 * interactive, so on a slow phone network they do not compete with the text and the fonts.
 * data-entry: the app's entry module; data-preload: the chunks it and the page need.
 */
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
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
  // After the first frame has painted (a timer set in the frame runs after its paint). A tab
  // opened in the background paints nothing and runs no frames: start there at once.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
})();
