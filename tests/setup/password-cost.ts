/**
 * Test servers hash new passwords at scrypt N = 2^12 instead of production's 2^17
 * (PASSWORD_HASH_TEST_LOG2_N, api/lib/password.ts): the suites sign up and sign in thousands of times,
 * and at full strength each costs about half a second of CPU. api/lib/password.test.ts keeps the
 * production cost itself under test.
 */
export const FAST_TEST_PASSWORD_HASHES = { PASSWORD_HASH_TEST_LOG2_N: '12' } as const;
