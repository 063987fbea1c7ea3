/** The ten sub-platforms of spec §1, detected from the redirect address. */
export const PLATFORM_KEYS = [
  'media',
  'landmarks',
  'cmg',
  'medieval',
  'migo',
  'vsp',
  'moce',
  'science-discovery',
  'virtualbiolab',
  'intern',
] as const;

export type PlatformKey = (typeof PLATFORM_KEYS)[number];

/** A label of the redirect's host names the platform (`media.example.org` → media); null = main platform. */
export function platformFromRedirect(redirect: string | null | undefined): PlatformKey | null {
  if (!redirect) return null;
  let host: string;
  try {
    host = new URL(redirect).hostname.toLowerCase();
  } catch {
    return null;
  }
  const labels = host.split('.');
  // Only a host Node and the browsers read alike: Chromium keeps `a%20b.media.example`, Node refuses it.
  if (!labels.every((label) => /^[a-z0-9-]+$/.test(label))) return null;
  return PLATFORM_KEYS.find((key) => labels.includes(key)) ?? null;
}
