/**
 * The largest sensitivity privspec prices a release at. Beyond it one unit moves an answer by more than 10^15, a bound
 * no meaningful query needs, and the planner refuses the release before building its sampler (fast-check found a hang
 * when such parameters reached the samplers). The planner checks every kind against it; a kind whose sensitivity is a
 * parameter of its own, such as R2T's GS, checks it first, so that its message names that parameter.
 */
export const MAX_SENSITIVITY = 1e15;
