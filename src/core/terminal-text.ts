/**
 * Text that came from a transcript (a learned key point, its evidence) as it may be
 * printed to a terminal: control characters but the line break and the tab become
 * visible escapes (`\x1b`, `\u009b`), so a planted escape sequence cannot retitle the
 * window, clear the screen or write the clipboard (OSC 52).
 */
// C0 controls but \t and \n, DEL, and the C1 controls (0x80-0x9f, which some terminals read as ESC-sequences).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function escapeControl(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
