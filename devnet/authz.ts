// x/authz of SDK 0.50 (x/authz/keeper/msg_server.go, keeper.go): MsgGrant of a GenericAuthorization and MsgExec dispatching the granted messages.
import type { ChainState } from "./state.ts";
import { type EventSink, emitTyped } from "./events.ts";
import { TxFailure, authzError, invalidRequest } from "./errors.ts";

export const GENERIC_AUTHORIZATION = "/cosmos.authz.v1beta1.GenericAuthorization";

/** MsgGrant's fields as the devnet handles them (tx-messages.ts decodes and encodes this shape). */
export interface GrantMessage {
  granter: string;
  grantee: string;
  grant: { authorization: { typeUrl: string; msg: string }; expirationMs?: number };
}

/** A message inside MsgExec, with the account that must have signed it. */
export interface InnerMessage {
  typeUrl: string;
  signer: string;
}

const grantKey = (granter: string, grantee: string, msgTypeUrl: string) => `${granter}/${grantee}/${msgTypeUrl}`;

/** MsgGrant: stores (or replaces) the grant and emits EventGrant; the grantee's account is created if new. */
export function grant(state: ChainState, sink: EventSink, m: GrantMessage, known: (typeUrl: string) => boolean): void {
  if (m.granter === m.grantee) throw authzError(7, "");
  const { authorization, expirationMs } = m.grant;
  if (authorization.typeUrl !== GENERIC_AUTHORIZATION) throw new TxFailure("authz", 4, `${authorization.typeUrl}: unknown authorization type`);
  if (!known(authorization.msg)) throw new TxFailure("sdk", 29, `${authorization.msg} doesn't exist.: invalid type`);
  if (expirationMs !== undefined && expirationMs <= state.timeMs) throw authzError(3, "expiration must be after the current block time");
  state.ensureAccount(m.grantee);
  state.setGrant(grantKey(m.granter, m.grantee, authorization.msg), { granter: m.granter, grantee: m.grantee, msgTypeUrl: authorization.msg, expirationMs });
  emitTyped(sink, "cosmos.authz.v1beta1.EventGrant", { msg_type_url: authorization.msg, granter: m.granter, grantee: m.grantee });
}

/**
 * DispatchActions: each message not signed by the grantee needs an unexpired grant of its type (GenericAuthorization
 * accepts it as it is); each runs with its events tagged authz_msg_index, and no message event of its own.
 */
export function exec<T extends InnerMessage>(
  state: ChainState,
  sink: EventSink,
  grantee: string,
  msgs: T[],
  run: (msg: T, sink: EventSink) => Uint8Array,
): Uint8Array[] {
  if (msgs.length === 0) throw invalidRequest("messages cannot be empty");
  return msgs.map((msg, i) => {
    if (msg.signer !== grantee) authorize(state, msg.signer, grantee, msg.typeUrl);
    return run(msg, sink.nested([["authz_msg_index", String(i)]]));
  });
}

function authorize(state: ChainState, granter: string, grantee: string, msgTypeUrl: string): void {
  const found = state.grants.get(grantKey(granter, grantee, msgTypeUrl));
  if (!found) throw authzError(2, "failed to update grant with key");
  if (found.expirationMs !== undefined && found.expirationMs < state.timeMs) throw new TxFailure("authz", 6, "authorization expired");
}
