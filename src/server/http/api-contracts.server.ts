import { adminContract } from '../../shared/admin.contract';
import type { Contract } from '../../shared/api-contract';
import { billingContract } from '../../shared/billing.contract';
import { creditsContract } from '../../shared/credits.contract';

/** Every domain's declarations (ADR 0017): the OpenAPI document and the response check loop over them. */
export const API_CONTRACTS: readonly Contract[] = [creditsContract, billingContract, adminContract];
