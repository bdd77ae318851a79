/**
 * A trip's kinds, apart from the trip's declaration so that the fleet's car (which the trip's
 * declaration imports) can name them in what its positions answer.
 */
export const TRIP_KINDS = [['loaded', 'Loaded'], ['empty', 'Empty']] as const;
