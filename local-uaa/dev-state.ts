/** Test and demo switches of the local UAA, kept in memory only (a restart resets them). */
import { DEFAULT_DEV_LOCATION } from '@shared/api/dev-paths';
import type { TrackingPayload } from '@shared/contract/tracking';
import type { LocationInfo } from '@shared/contract/login';

const MAX_TRACKING_EVENTS = 500;

export class DevState {
  /** What getLocationInfo answers, for everybody (POST /__dev/location changes it). */
  location: LocationInfo = { ...DEFAULT_DEV_LOCATION };
  private readonly events: (TrackingPayload & { at: string })[] = [];

  resetLocation(): void {
    this.location = { ...DEFAULT_DEV_LOCATION };
  }

  track(event: TrackingPayload, at: number): void {
    this.events.push({ ...event, at: new Date(at).toISOString() });
    if (this.events.length > MAX_TRACKING_EVENTS) this.events.shift();
  }

  trackingEvents(): readonly (TrackingPayload & { at: string })[] {
    return this.events;
  }
}
