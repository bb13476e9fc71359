import { useCallback, useEffect, useState } from 'react';
import {
  type PushDeviceState,
  pushDeviceState,
  subscribeDevice,
  unsubscribeDevice,
} from '../lib/push-device';

/** This device's push state (undefined while it is read) and the two changes, each from a click. */
export function usePushDevice() {
  const [state, setState] = useState<PushDeviceState | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    pushDeviceState()
      .catch((): PushDeviceState => 'off')
      .then((read) => {
        if (live) setState(read);
      });
    return () => {
      live = false;
    };
  }, []);

  const change = useCallback(async (run: () => Promise<PushDeviceState>) => {
    setBusy(true);
    try {
      const next = await run();
      setState(next);
      return next;
    } finally {
      setBusy(false);
    }
  }, []);

  return {
    state,
    busy,
    enable: () => change(subscribeDevice),
    disable: () => change(unsubscribeDevice),
  };
}
