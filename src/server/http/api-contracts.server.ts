import type { Contract } from '../../shared/api-contract';
import { castContract } from '../../shared/cast.contract';
import { creditsContract } from '../../shared/credits.contract';
import { filmsContract } from '../../shared/films.contract';

/** Every domain's declarations (ADR 0017): the OpenAPI document and the response check loop over them. */
export const API_CONTRACTS: readonly Contract[] = [creditsContract, castContract, filmsContract];
