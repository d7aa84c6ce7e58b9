// The Address screen (SPEC.md §2 Address page): a back button, the statistics card, the Premium advertisement and the
// tabs. Any valid axm address has a screen: an account the chain has never seen shows zeros.
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { addressKind } from "../../../../core/address.ts";
import { shortenAddress } from "../../../../core/format.ts";
import { NotFoundView } from "../../components/NotFoundView.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../components/usePageTitle.ts";
import { routes } from "../../routes.ts";
import { useAppConfig } from "../../site/app-config.ts";
import { hasTeamTab } from "./account-figures.ts";
import { AddressTabs } from "./AddressTabs.tsx";
import { BackButton } from "../../components/BackButton.tsx";
import { PremiumAdvert } from "./PremiumAdvert.tsx";
import { premiumFlagEmpty } from "../../account/premium-flag.ts";
import { StatsCard } from "./StatsCard.tsx";
import { useAccountInfo } from "./useAccountInfo.ts";
import { pollUnlessLive, useAddressLive } from "./useAddressLive.ts";
import { useAddressParams } from "./useAddressParams.ts";
import styles from "./AddressPage.module.css";

/** Room the tab bar and a first page of rows take while the account loads. */
const TABS_LOADING_HEIGHT = 700;

/** An axm1 address of an account or a contract, checksum verified (SPEC.md §5). */
export function isAddress(id: string): boolean {
  const kind = addressKind(id);
  return kind === "account" || kind === "contract";
}

export default function AddressPage() {
  // The status names come too: loaded later, they would suspend the whole screen, and its requests would start again.
  const { t } = useTranslation(["address", "partnership", "export"]);
  const id = useParams().id ?? "";
  const valid = isAddress(id);
  usePageTitle(valid ? t("title", { address: shortenAddress(id) }) : t("notFound.title"));
  if (!valid) {
    return (
      <NotFoundView title={t("notFound.title")} text={t("notFound.text")}>
        <Link to={routes.home()}>{t("notFound.home")}</Link>
      </NotFoundView>
    );
  }
  return <AddressScreen key={id} address={id} />;
}

function AddressScreen({ address }: { address: string }) {
  const { t } = useTranslation("address");
  const live = useAddressLive(address);
  const info = useAccountInfo(address, pollUnlessLive(live));
  const config = useAppConfig();
  const { params } = useAddressParams();
  const data = info.data;
  const advert = data?.referral?.premium === true && premiumFlagEmpty();
  // The root comes with the settings: until they are there (or have failed), the tabs wait, so Team is not added later.
  const settled = config.data !== undefined || config.isError;
  return (
    <article className={styles.page}>
      <div className={styles.header}>
        <BackButton fallback={routes.home()} />
        <h1>{t("heading")}</h1>
      </div>
      <StatsCard address={address} info={info} />
      {advert ? <PremiumAdvert /> : null}
      <section className={styles.tabsCard} aria-label={t("tabs.label")}>
        {data && settled ? (
          <AddressTabs address={address} team={hasTeamTab(address, data, config.data?.referralRoots)} support={params.support} />
        ) : info.isError ? null : (
          <Spinner minHeight={TABS_LOADING_HEIGHT} />
        )}
      </section>
    </article>
  );
}
