/*
 * Local stand-in for Storyblok's bridge (https://app.storyblok.com/f/storyblok-v2-latest.js),
 * loaded on preview pages of the embedded content only. Same API as the real bridge
 * (`new StoryblokBridge(options)`, `bridge.on(events, callback)`), and, because there is no
 * editor around the page, a hook to fire what the editor would send:
 *
 *   window.__storyblokBridge.emit("input", { story })         // an edit, the whole edited story
 *   window.__storyblokBridge.emit("change", { storyId: 123 }) // saved
 *   window.__storyblokBridge.emit("published", { storyId: 123 })
 */
(function () {
  "use strict";
  var listeners = [];

  function StoryblokBridge(options) {
    this.options = options || {};
  }
  StoryblokBridge.prototype.on = function (events, callback) {
    var names = Array.isArray(events) ? events : [events];
    for (var i = 0; i < names.length; i++) listeners.push({ event: names[i], callback: callback });
  };
  StoryblokBridge.prototype.pingEditor = function (callback) {
    if (callback) callback(this);
  };
  StoryblokBridge.prototype.isInEditor = function () {
    return window.parent !== window;
  };
  StoryblokBridge.prototype.enterEditmode = function () {};

  window.StoryblokBridge = StoryblokBridge;
  window.__storyblokBridge = {
    emit: function (action, payload) {
      var event = Object.assign({ action: action }, payload || {});
      if (event.story && event.storyId === undefined) event.storyId = event.story.id;
      var delivered = 0;
      for (var i = 0; i < listeners.length; i++) {
        if (listeners[i].event === action) {
          listeners[i].callback(event);
          delivered++;
        }
      }
      return delivered;
    },
  };
})();
