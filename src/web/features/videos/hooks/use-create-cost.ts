import { useWatch } from 'react-hook-form';
import { requestCredits, type VideoQuality } from '#shared/catalogue';
import { useCredits } from '#web/features/credits';
import type { CreateFormControl } from '../lib/create-form';

/**
 * The cost panel's figures: each video's credits by mode, length and 4K master (`requestCredits`, ADR 0033, so the
 * price shown is the price held) times the variations, and whether the balance falls short of them.
 */
export function useCreateCost(control: CreateFormControl, quality: VideoQuality, variations: number) {
  const credits = useCredits();
  const balance = credits.data?.balance;
  const clip = useWatch({ control, name: ['clipSeconds', 'resolution'] });
  const costEach = requestCredits({
    quality,
    clipSeconds: clip[0] ? Number(clip[0]) : undefined,
    resolution: quality === 'quality' ? clip[1] : undefined,
  });
  const cost = costEach * variations;
  return {
    balance,
    balanceError: credits.isError,
    costEach,
    cost,
    short: balance !== undefined && balance < cost,
  };
}
