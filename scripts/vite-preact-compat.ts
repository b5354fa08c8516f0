import type { Alias } from "vite";

/**
 * The screens are written against React's API and run on Preact's compatibility layer
 * (docs/decisions/050-preact-under-the-react-api.md): the same components, and half the code to
 * download for the first page. Every import of React or React DOM, ours and
 * the packages' (React Router, TanStack Query), goes to preact/compat, in the browser's build, the
 * server's render (bundled whole, `ssr.noExternal`), the dev server and the web's unit tests alike,
 * so that what is tested is what ships. TypeScript keeps React's types (@types/react).
 */
export const preactCompat: Alias[] = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];
