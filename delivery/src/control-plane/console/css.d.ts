/** Stylesheets are imported for their side effect: rspack bundles them into the console's CSS file. */
declare module '*.css';
