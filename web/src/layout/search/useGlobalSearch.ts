// Runs a global search: checks the input, asks the API, then navigates or tells why not with a toast (SPEC.md §5, §8).
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { ApiRequestError, api } from "../../api/client.ts";
import { INFO_TOAST_MS, useToast } from "../../components/toast/toast-context.ts";
import { INVALID_SEARCH_TOAST_MS, searchStep, searchTarget } from "./search-action.ts";

export interface GlobalSearch {
  /** Resolves true when it navigated to what was found. */
  search: (input: string) => Promise<boolean>;
  pending: boolean;
}

export function useGlobalSearch(): GlobalSearch {
  const { t } = useTranslation(["shell", "common"]);
  const navigate = useNavigate();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  const search = useCallback(
    async (input: string) => {
      const step = searchStep(input);
      if (step.kind === "ignore") return false;
      if (step.kind === "invalid") {
        toast.show(t("search.invalid"), { tone: "grey", durationMs: INVALID_SEARCH_TOAST_MS });
        return false;
      }
      setPending(true);
      try {
        const target = searchTarget(await api.search(step.query));
        if (target === null) {
          toast.show(t("common:nothingFound"), { tone: "info", durationMs: INFO_TOAST_MS });
          return false;
        }
        void navigate(target);
        return true;
      } catch (error) {
        // SPEC.md §8: a timeout is only logged; any other failure is told.
        if (error instanceof ApiRequestError && error.isTimeout) console.warn(error.message);
        else toast.show(t("search.error", { message: error instanceof Error ? error.message : String(error) }), { tone: "info", durationMs: INFO_TOAST_MS });
        return false;
      } finally {
        setPending(false);
      }
    },
    [navigate, t, toast],
  );

  return { search, pending };
}
