// Shapes of API.md's "Service": settings, health, the faucet, the visitor's language and sign-in.
import Type, { type Static } from "typebox";
import { Nullable, StringEnum } from "./common.ts";

const NullableText = Nullable(Type.String());

export const Network = Type.Object({ name: Type.String(), url: NullableText, apiBase: NullableText, available: Type.Boolean() });
export type Network = Static<typeof Network>;

/** Where the maintenance notice sends visitors for news: a messenger channel per language. */
export const MaintenanceChannels = Type.Object({ en: Type.String(), ru: Type.String(), de: Type.String() });
export type MaintenanceChannels = Static<typeof MaintenanceChannels>;

/** GET /config: the settings the web app needs at start. */
export const AppConfig = Type.Object({
  chainId: NullableText,
  networks: Type.Array(Network),
  maintenance: Type.Boolean(),
  /** Host names of the product's own domains (each with its www. and dev. variants). */
  allowedHosts: Type.Array(Type.String()),
  /** The web analytics counter's id; empty when there is none. */
  analyticsId: Type.String(),
  /** Origin the analytics counter's script loads from. */
  analyticsOrigin: Type.String(),
  maintenanceChannels: MaintenanceChannels,
  faucetEnabled: Type.Boolean(),
  /** The programme's top-level accounts (the chain genesis's top_level_accounts), which have no referrer. */
  referralRoots: Type.Array(Type.String()),
});
export type AppConfig = Static<typeof AppConfig>;

/** GET /health; 503 while behind or stale. */
export const Health = Type.Object({
  status: StringEnum(["ok", "behind", "stale"]),
  indexedHeight: Type.Integer(),
  chainHeight: Type.Integer(),
  lagBlocks: Type.Integer(),
  /** Seconds since the indexer's last heartbeat; null before its first. */
  heartbeatAgeSeconds: Nullable(Type.Integer()),
  /** Whether the node answered the API's own height query (else chainHeight is the indexer's last view). */
  nodeAnswered: Type.Boolean(),
  /** Capabilities the node refused (its module queries), so those figures are missing from the index. */
  degraded: Type.Array(Type.String()),
  /** Only with a read replica (DATABASE_READ_URL): the primary's indexed height, the replica's distance to it in blocks, and the age of its last replayed transaction. */
  replica: Type.Optional(Type.Object({ primaryHeight: Type.Integer(), lagBlocks: Type.Integer(), replaySeconds: Nullable(Type.Number()) })),
});
export type Health = Static<typeof Health>;

/** Which daily limit refused a payout: this address was paid, or this client (its connection) had another address paid. */
export const FaucetLimit = StringEnum(["address", "client"]);
export type FaucetLimit = Static<typeof FaucetLimit>;

/** POST /faucet/request: sended false when the address or this client was already paid in the last 24 h, with `reason` saying which. */
export const FaucetAnswer = Type.Union([Type.Object({ sended: Type.Literal(true) }), Type.Object({ sended: Type.Literal(false), reason: FaucetLimit })]);
export type FaucetAnswer = Static<typeof FaucetAnswer>;

/** GET /language: the language the visitor's country suggests. */
export const CountryLanguageAnswer = Type.Object({ language: StringEnum(["en", "ru", "de"]), country: NullableText });
export type CountryLanguageAnswer = Static<typeof CountryLanguageAnswer>;

export const AuthChallenge = Type.Object({
  /** The text the wallet signs (ADR-036). */
  challenge: Type.String(),
  expiresAt: Type.String(),
});
export type AuthChallenge = Static<typeof AuthChallenge>;

const BASE64 = "^[A-Za-z0-9+/]+={0,2}$";

/** What POST /auth/verify takes: the challenge and the wallet's signature of it, both keys in base64. */
export const AuthProof = Type.Object(
  {
    address: Type.String({ maxLength: 10_000 }),
    challenge: Type.String({ minLength: 1, maxLength: 1000 }),
    /** 33-byte compressed secp256k1 public key. */
    pubkey: Type.String({ minLength: 44, maxLength: 44, pattern: BASE64 }),
    /** 64-byte signature. */
    signature: Type.String({ minLength: 88, maxLength: 88, pattern: BASE64 }),
  },
  { additionalProperties: false },
);
export type AuthProof = Static<typeof AuthProof>;

export const AuthToken = Type.Object({ token: Type.String(), address: Type.String(), expiresAt: Type.String() });
export type AuthToken = Static<typeof AuthToken>;

/** GET /auth/me: who the bearer token signs in. */
export const AuthMe = Type.Object({
  address: Type.String(),
  expiresAt: Type.String(),
  /** The signed-in account has unexpired Premium. */
  premium: Type.Boolean(),
  premiumExp: NullableText,
});
export type AuthMe = Static<typeof AuthMe>;
