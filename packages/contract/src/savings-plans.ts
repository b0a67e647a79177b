/** Savings plan detail, the batches a plan was in, plan resolution, reward records. */
export {};
