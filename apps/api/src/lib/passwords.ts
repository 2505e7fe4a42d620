// Password hashing (argon2id, OWASP parameters) and the common-password check.
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id, m=19456 KiB, t=2, p=1 (QUALITY.md, OWASP password storage cheat sheet). */
export const ARGON2_OPTIONS = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (plain: string) => hash(plain, ARGON2_OPTIONS);
export const verifyPassword = (stored: string, plain: string) => verify(stored, plain).catch(() => false);
