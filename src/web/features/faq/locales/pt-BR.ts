// Stub created by the framework engineer because this file did not exist yet; replace it.
export default {} as const;
