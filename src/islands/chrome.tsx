/** @jsxImportSource preact */
/**
 * The islands every public page has (src/layouts/Base.astro), from one module: Astro fetches an
 * island's code by its module, so on a slow phone network this is one request instead of four.
 */
export { default as Account } from './Account.tsx';
export { default as SiteChrome } from './SiteChrome.tsx';
export { default as GuidancePrompt } from './GuidancePrompt.tsx';
export { default as DataSaverToggle } from './DataSaverToggle.tsx';
