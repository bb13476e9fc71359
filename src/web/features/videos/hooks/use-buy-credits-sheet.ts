import { useState } from 'react';

/**
 * The 'Comprar créditos' sheet beside the form (ADR 0027): opened from the shortfall, the cost panel or a 402, and
 * closed when the balance goes from short to enough while the page is open (a purchase landed), which `arrived` says.
 */
export function useBuyCreditsSheet(short: boolean) {
  const [open, setOpen] = useState(false);
  const arrived = useCreditsArrived(short, () => setOpen(false));
  return { open, setOpen, arrived };
}

function useCreditsArrived(short: boolean, onArrived: () => void): boolean {
  const [wasShort, setWasShort] = useState(short);
  const [arrived, setArrived] = useState(false);
  if (short !== wasShort) {
    setWasShort(short);
    setArrived(wasShort && !short);
    if (wasShort && !short) onArrived();
  }
  return arrived;
}
