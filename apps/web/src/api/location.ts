import { LOCATION_STORAGE_KEY } from '@vaultdesk/contract';

type Coordinates = { latitude: number; longitude: number };

const isCoordinates = (v: unknown): v is Coordinates =>
  typeof v === 'object' &&
  v !== null &&
  Number.isFinite((v as Coordinates).latitude) &&
  Number.isFinite((v as Coordinates).longitude);

/**
 * Records where the browser is, for the audit trail. Best effort: a refused or failing
 * geolocation keeps whatever was stored before; a browser without geolocation stores null.
 */
export const captureLocation = () => {
  if (!('geolocation' in navigator)) {
    window.localStorage.setItem(LOCATION_STORAGE_KEY, 'null');
    return;
  }
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => {
      const value: Coordinates = { latitude: coords.latitude, longitude: coords.longitude };
      window.localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(value));
    },
    () => undefined,
    { maximumAge: 10 * 60 * 1000, timeout: 10_000 },
  );
};

/** The `longitude` and `latitude` headers, or none when no position is known. */
export const locationHeaders = (): Record<string, string> => {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(LOCATION_STORAGE_KEY) ?? 'null');
    if (!isCoordinates(value)) return {};
    return { longitude: String(value.longitude), latitude: String(value.latitude) };
  } catch {
    // Corrupt entries are ignored: the headers are optional.
    return {};
  }
};
