// Text that pdf-lib's standard fonts can draw (WinAnsi): one line, printable characters only; anything else
// becomes '?'. Every PDF the API builds (clinical notes, consents, the patient's copy; decision 0012) uses it.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function imprimible(s: string): string {
  let r = '';
  for (const ch of s.normalize('NFC')) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.has(ch)) r += ch;
    else if (c === 0x09) r += ' ';
    else r += '?';
  }
  return r;
}
