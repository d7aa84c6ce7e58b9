// The CW-20 tokens an address holds (SPEC.md §2 Address page, Assets tab): logo, symbol, name, contract link and balance
// divided by 10^decimals (at most 9 decimals shown). The token list is walked a page at a time by its cursor, each page's
// balances asked for in one request; "Show more" while there is a next page. A failed request is logged and its spinner
// stays (SPEC.md §8).
import { useEffect } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatTokenAmount, shortenAddress } from "../../../core/format.ts";
import { RowCopy } from "./RowCopy.tsx";
import { api } from "../api/client.ts";
import type { AssetBalances, TokenListRow } from "../api/types.ts";
import { routes } from "../routes.ts";
import { NothingFound } from "./NothingFound.tsx";
import { ShowMore } from "./ShowMore.tsx";
import { Spinner } from "./Spinner.tsx";
import { TokenLogo } from "./TokenLogo.tsx";
import styles from "./TokenBalances.module.css";
import { screenKeys } from "../api/queries.ts";

const FIRST_PAGE_HEIGHT = 200;
const LOGO_SIZE = 28;

export interface HeldToken extends TokenListRow {
  /** In the token's smallest unit. */
  balance: bigint;
}

/** The tokens of `tokens` the address holds any of, in the list's order. */
export function heldTokens(tokens: TokenListRow[], balances: AssetBalances): HeldToken[] {
  const byContract = new Map(balances.data.balances.map((row) => [row.contract, BigInt(row.balance)]));
  return tokens.flatMap((token) => {
    const balance = byContract.get(token.id) ?? 0n;
    return balance > 0n ? [{ ...token, balance }] : [];
  });
}

async function heldPage(address: string, cursor: string | null, signal: AbortSignal) {
  const page = await api.tokens(cursor, signal);
  const held =
    page.tokens.length > 0
      ? heldTokens(
          page.tokens,
          await api.assetBalances(
            address,
            page.tokens.map((token) => token.id),
            signal,
          ),
        )
      : [];
  return { held, cursor: page.cursor };
}

export function TokenBalances({ address }: { address: string }) {
  const { t } = useTranslation("token");
  const query = useInfiniteQuery({
    queryKey: screenKeys.tokenBalances(address),
    queryFn: ({ pageParam, signal }) => heldPage(address, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  useEffect(() => {
    if (query.error) console.error(`token balances of ${address} could not be loaded`, query.error);
  }, [query.error, address]);

  if (!query.data) return <Spinner minHeight={FIRST_PAGE_HEIGHT} />;
  const rows = query.data.pages.flatMap((page) => page.held);
  const waiting = query.isFetchingNextPage || query.isFetchNextPageError;
  if (rows.length === 0 && !query.hasNextPage && !waiting) return <NothingFound />;
  return (
    <div className={styles.balances}>
      {rows.length > 0 ? (
        <ul className={styles.list} aria-label={t("balances.label")}>
          {rows.map((token) => (
            <li key={token.id} className={styles.row}>
              <TokenLogo url={token.logo} symbol={token.symbol} size={LOGO_SIZE} />
              <span className={styles.names}>
                <Link to={routes.token(token.id)} className={styles.symbol}>
                  {token.symbol}
                </Link>
                <span className={styles.name}>{token.name}</span>
              </span>
              <RowCopy value={token.id} kind="address" className={styles.contract}>
                <Link to={routes.contract(token.id)} className="mono" title={token.id} aria-label={t("balances.contract", { symbol: token.symbol })}>
                  {shortenAddress(token.id)}
                </Link>
              </RowCopy>
              <span className={styles.balance}>{formatTokenAmount(token.balance, token.decimals)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.none}>{t("balances.noneYet")}</p>
      )}
      <ShowMore query={query} />
    </div>
  );
}
