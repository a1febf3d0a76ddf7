// The types of react-dom-server.cjs: react-dom's own, for what it exports.
export { renderToReadableStream, resume } from "react-dom/server.edge";
