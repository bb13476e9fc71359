import type { Contract } from '../../shared/api-contract';
import { creditsContract } from '../../shared/credits.contract';
import { dashboardContract } from '../../shared/history.contract';
import { videosContract } from '../../shared/videos.contract';

/** Every domain's declarations (ADR 0017): the OpenAPI document and the response check loop over them. */
export const API_CONTRACTS: readonly Contract[] = [creditsContract, videosContract, dashboardContract];
