/**
 * The small arrow of a button that opens something below it (▾), drawn rather than written: one
 * character above U+00FF makes the whole of a page the server renders two bytes a character in V8,
 * and its bytes then cost several times as much to make (docs/server-rendering.md, "What a render
 * costs"). Its height follows from its box (8 by 6). Decorative: the button says what it opens in words.
 */
export function DownArrow() {
  return (
    <svg aria-hidden="true" width="8" viewBox="0 0 8 6" fill="currentColor">
      <path d="M0 0h8L4 6z" />
    </svg>
  );
}
