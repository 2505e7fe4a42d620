// A long text cut to `maxHeight`, with a button to show it whole (issue 27.17). Mantine's Spoiler does the same
// but makes its content an unnamed role=region: a list of them is a page of identical landmarks (axe
// landmark-unique), and the text is no navigation landmark anyway. The button says whether the text is open
// (aria-expanded) and which text it opens (aria-controls); it only appears when the text is longer than the cut.
import { Anchor } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** Height of the cut text, in px. */
  maxHeight: number;
  showLabel: string;
  hideLabel: string;
  /** Names that say which text the button opens, when several share the page. */
  showAriaLabel?: string;
  hideAriaLabel?: string;
  fz?: string;
};

export function TextoDesplegable({
  children,
  maxHeight,
  showLabel,
  hideLabel,
  showAriaLabel,
  hideAriaLabel,
  fz,
}: Props) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [abierto, setAbierto] = useState(false);
  const [sobra, setSobra] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (el) setSobra(el.scrollHeight > maxHeight + 1);
  }, [children, maxHeight]);
  return (
    <div>
      <div id={id} ref={ref} style={{ maxHeight: abierto ? undefined : maxHeight, overflow: 'hidden' }}>
        {children}
      </div>
      {sobra && (
        <Anchor
          component="button"
          type="button"
          fz={fz ?? 'sm'}
          aria-expanded={abierto}
          aria-controls={id}
          aria-label={abierto ? hideAriaLabel : showAriaLabel}
          onClick={() => setAbierto((a) => !a)}
        >
          {abierto ? hideLabel : showLabel}
        </Anchor>
      )}
    </div>
  );
}
