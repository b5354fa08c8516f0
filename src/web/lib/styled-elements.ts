import { options, type VNode } from "preact";

/**
 * The elements and class attributes a page rendered on the server is made of, gathered while it is
 * rendered: what its first screen's stylesheet must style (src/server/web/critical-css.ts). As
 * `attributesOf` reads them from the HTML (each element as "<div", each class attribute's text), but
 * without reading the HTML again: that was a fifth of what the stylesheet cost a page
 * (docs/server-rendering.md, "What a render costs"). Preact calls `options.diffed` for each element
 * it has rendered, on the server too, and for no other (an element made but never rendered is not
 * gathered). entry-server.test.tsx checks that both find the same.
 */
let gathering: Set<string> | undefined;

/** Runs `render` (synchronous: no other page is rendered meanwhile) and gives what it rendered. */
export function gatherStyled<T>(render: () => T): { result: T; styled: Set<string> } {
  const styled = new Set<string>();
  gathering = styled;
  try {
    return { result: render(), styled };
  } finally {
    gathering = undefined;
  }
}

/** "<div" for each element type, made once (a string made anew per element would be hashed anew). */
const tags = new Map<string, string>();

const diffedBefore = options.diffed;
options.diffed = (vnode: VNode) => {
  if (gathering && typeof vnode.type === "string") {
    let tag = tags.get(vnode.type);
    if (tag === undefined) tags.set(vnode.type, (tag = `<${vnode.type}`));
    gathering.add(tag);
    // As Preact writes the attribute: compat keeps className as `class`; an element it leaves as it is
    // (lib/server-elements.ts) has one or the other. An empty one has no text.
    const { class: classAttribute, className: classNameProp } = vnode.props as { class?: unknown; className?: unknown };
    const className = classAttribute ?? classNameProp;
    if (typeof className === "string" ? className !== "" : typeof className === "number") gathering.add(String(className));
  }
  diffedBefore?.(vnode);
};
