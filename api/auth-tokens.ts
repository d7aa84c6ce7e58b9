// Sign-in tokens: HS256 JWTs naming the signed-in address, signed with a secret from the configuration or the data folder.
import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SignJWT, jwtVerify } from "jose";

const ISSUER = "axm-explorer";
const SECRET_FILE = "auth-secret";

export interface SignedIn {
  address: string;
  expiresAt: Date;
}

export class AuthTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A token for the address, valid for the configured lifetime from `now`. */
  async issue(address: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + this.ttlSeconds) * 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setSubject(address)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Who a token signs in while it is valid; null for an expired, forged or malformed one. */
  async verify(token: string): Promise<SignedIn | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"], issuer: ISSUER, requiredClaims: ["sub", "exp"] });
      return { address: payload.sub!, expiresAt: new Date(payload.exp! * 1000) };
    } catch {
      return null;
    }
  }
}

/**
 * The secret tokens are signed with: the configured one, else one generated once and kept in the data folder
 * (mode 600), so a restart keeps tokens valid. The file appears whole through a hard link, so processes starting
 * together agree on one secret.
 */
export async function authSecret(configured: string, dataDir: string): Promise<string> {
  if (configured) return configured;
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, SECRET_FILE);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  await writeFile(draft, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return (await readFile(file, "utf8")).trim();
}
