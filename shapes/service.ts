// Shapes of API.md's "Service": settings, health, the faucet, the visitor's language and sign-in.
import Type, { type Static } from "typebox";
import { Nullable, StringEnum } from "./common.ts";

const NullableText = Nullable(Type.String());

export const Network = Type.Object({ name: Type.String(), url: NullableText, apiBase: NullableText, available: Type.Boolean() });
export type Network = Static<typeof Network>;

/** Where the maintenance notice sends visitors for news: a messenger channel per language. */
export const MaintenanceChannels = Type.Object({ en: Type.String(), ru: Type.String(), de: Type.String() });
export type MaintenanceChannels = Static<typeof MaintenanceChannels>;

const WalletCurrency = Type.Object({ coinDenom: Type.String(), coinMinimalDenom: Type.String(), coinDecimals: Type.Integer() });

/**
 * The chain as Keplr's and Leap's experimentalSuggestChain take it (Keplr's ChainInfo): sign-in suggests it before
 * asking the wallet for the chain, since an extension does not know a chain it was not told about.
 */
export const WalletChainInfo = Type.Object({
  chainId: Type.String(),
  chainName: Type.String(),
  rpc: Type.String(),
  rest: Type.String(),
  bip44: Type.Object({ coinType: Type.Integer() }),
  bech32Config: Type.Object({
    bech32PrefixAccAddr: Type.String(),
    bech32PrefixAccPub: Type.String(),
    bech32PrefixValAddr: Type.String(),
    bech32PrefixValPub: Type.String(),
    bech32PrefixConsAddr: Type.String(),
    bech32PrefixConsPub: Type.String(),
  }),
  currencies: Type.Array(WalletCurrency),
  feeCurrencies: Type.Array(
    Type.Object({
      coinDenom: Type.String(),
      coinMinimalDenom: Type.String(),
      coinDecimals: Type.Integer(),
      gasPriceStep: Type.Object({ low: Type.Number(), average: Type.Number(), high: Type.Number() }),
    }),
  ),
  stakeCurrency: WalletCurrency,
});
export type WalletChainInfo = Static<typeof WalletChainInfo>;

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
  /** What sign-in suggests to a Keplr or Leap wallet; null before the chain id is known or without a public RPC address. */
  walletChain: Nullable(WalletChainInfo),
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
  /** Indexes a large catch-up dropped and has not built again: the pages they serve are slow, so the status is behind meanwhile. */
  deferredIndexes: Type.Array(Type.String()),
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

/** POST /auth/memo-challenge: the address that will send the sign-in transfer (its own wallet, to itself). */
export const MemoChallengeRequest = Type.Object({ address: Type.String({ maxLength: 10_000 }) }, { additionalProperties: false });
export type MemoChallengeRequest = Static<typeof MemoChallengeRequest>;

/**
 * A one-time sign-in code: the transfer the wallet is asked to send (`amount` uaxm from the address to itself, the code
 * as its memo, on `chainId`), and the secret only this browser holds, which alone collects the token.
 */
export const MemoChallenge = Type.Object({
  memo: Type.String(),
  secret: Type.String(),
  address: Type.String(),
  chainId: Type.String(),
  denom: Type.String(),
  amount: Type.String(),
  expiresAt: Type.String(),
});
export type MemoChallenge = Static<typeof MemoChallenge>;

/** POST /auth/memo-poll: the secret of a code. */
export const MemoPoll = Type.Object({ secret: Type.String({ minLength: 43, maxLength: 43, pattern: "^[A-Za-z0-9_-]+$" }) }, { additionalProperties: false });
export type MemoPoll = Static<typeof MemoPoll>;

/** The answer to a poll: still waiting for the transaction, or the token (given once). */
export const MemoPollAnswer = Type.Union([
  Type.Object({ status: Type.Literal("pending"), expiresAt: Type.String() }),
  Type.Object({ status: Type.Literal("signed-in"), token: Type.String(), address: Type.String(), expiresAt: Type.String() }),
]);
export type MemoPollAnswer = Static<typeof MemoPollAnswer>;
