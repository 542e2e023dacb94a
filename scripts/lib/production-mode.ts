/**
 * The web server renders with React's production build unless told otherwise. The build imports
 * react-dom/server from node_modules at run time, and react-dom picks its development build (two to
 * three times slower to render, with checks meant for a developer) whenever NODE_ENV is not
 * "production": unset, as `npm start` and the end-to-end tests left it. Imported first, before
 * anything that loads React.
 */
process.env.NODE_ENV ??= "production";
