"use strict";
// React's streaming server renderer, alone. `react-dom/server.edge` also exports React's
// synchronous renderer (renderToString: a second copy of the renderer, ~100 KB minified), and as
// CommonJS it cannot be left out by the bundler: the Worker would load, parse and (on first use)
// compile both. The site renders everything through the stream (stream.ts). The same choice of
// build as react-dom's own entry makes, by NODE_ENV.
module.exports =
  process.env.NODE_ENV === "production"
    ? require("../../../node_modules/react-dom/cjs/react-dom-server.edge.production.js")
    : require("../../../node_modules/react-dom/cjs/react-dom-server.edge.development.js");
