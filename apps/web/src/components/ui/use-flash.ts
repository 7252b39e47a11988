// A warning that flashes: `flash()` sets the flag, which drops by itself after WARNING_FLASH_MS (the
// picker's refusal, the '2 attributs maximum' highlight).
import { useEffect, useState } from 'react';
import { WARNING_FLASH_MS } from '@comptoir/shared/groupings';

export function useFlash(): [flashing: boolean, flash: () => void] {
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (!flashing) return;
    const timer = setTimeout(() => setFlashing(false), WARNING_FLASH_MS);
    return () => clearTimeout(timer);
  }, [flashing]);
  return [flashing, () => setFlashing(true)];
}
