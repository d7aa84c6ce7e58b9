// The messenger channels of the maintenance notice, checked before use: a missing or malformed address is left out.
import { parseWebUrl } from "../../../core/format.ts";
import type { MaintenanceChannels } from "../api/types.ts";

type ChannelLanguage = keyof MaintenanceChannels;

/** SPEC.md §1: English, Russian, German, in that order. */
const CHANNEL_LANGUAGES: ChannelLanguage[] = ["en", "ru", "de"];

interface ChannelLink {
  language: ChannelLanguage;
  url: string;
}

function isWebUrl(value: unknown): value is string {
  return typeof value === "string" && parseWebUrl(value) !== null;
}

export function channelLinks(channels: MaintenanceChannels | undefined): ChannelLink[] {
  return CHANNEL_LANGUAGES.flatMap((language) => {
    const url: unknown = channels?.[language];
    return isWebUrl(url) ? [{ language, url }] : [];
  });
}
