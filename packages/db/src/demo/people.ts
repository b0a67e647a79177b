import { fmtMicro, MICRO } from './money';
import {
  ANDROID_MODELS,
  appBuildAt,
  BROWSERS,
  COUNTRY_BY_CODE,
  COUNTRY_TABLE,
  coordinatesIn,
  ELSEWHERE,
  IPHONE_MODELS,
  ipv4,
  type DeviceKind,
  type NameMaker,
} from './places';
import { derivedUuid, hash32, hex32, weighted, type Rng } from './random';
import { DAY, isoTime, signUpAt, type Timeline } from './timeline';

/** Record kinds for derived ids and hashes. */
export const TAG = { user: 1, farm: 2, farmDevice: 3, code: 4 } as const;

export type UserRow = {
  id: string;
  full_name: string;
  username: string;
  email: string;
  phone_no: string | null;
  residence_country: string;
  ip_country: string;
  zone_country: string;
  profile_url: string | null;
  has_completed_profile: boolean;
  deactivated: boolean;
  enabled_two_factor: boolean;
  is_staff: boolean;
  kyc_level_two_status: string | null;
  kyc_level_three_status: string | null;
  trust_score: number;
  referral_code: string;
  referee_id: string | null;
  registration_device_details: string;
  registration_coordinates: string;
  last_login_at: string;
  last_login_location: string;
  created_at: string;
  updated_at: string;
};

export type ReferralRow = {
  id: string;
  referrer_id: string;
  referred_user_id: string;
  referral_state: string;
  device_serial_number: string;
  reward_amount: string;
  created_at: string;
};

/** What the wallet simulation needs of a user (the row itself is written out at once). */
export type Person = { index: number; id: string; username: string; createdMs: number; activity: number };

export type PeopleContext = {
  seed: number;
  timeline: Timeline;
  rng: Rng;
  names: NameMaker;
  /** Digits of the unique number that ends usernames and e-mail local parts. */
  suffixDigits: number;
};

/**
 * Every PROMOTER_EVERY-th user is a promoter who brings in many referrals; some promoters are
 * "farms" whose referrals sign up from the same few phones (the fake-referral signal:
 * total referrals minus unique device ids > 0).
 */
const PROMOTER_EVERY = 37;
// The first promoter is always a farm, so even a small demo shows the warning.
const isFarm = (seed: number, promoter: number) => promoter === 0 || hash32(seed, TAG.farm, promoter) % 5 === 0;

const EMAIL_DOMAINS = [
  ['gmail.com', 66],
  ['yahoo.com', 14],
  ['outlook.com', 6],
  ['hotmail.com', 6],
  ['icloud.com', 4],
  ['ymail.com', 2],
  ['proton.me', 2],
] as const;
const KYC2 = [
  [null, 23],
  ['submitted', 17],
  ['approved', 47],
  ['rejected', 13],
] as const;
const KYC3 = [
  ['submitted', 40],
  ['approved', 45],
  ['rejected', 15],
] as const;
const DEVICE_KINDS = [
  ['android', 62],
  ['ios', 24],
  ['web', 14],
] as const;

export const userId = (seed: number, index: number) => derivedUuid(seed, TAG.user, index);

/**
 * Unique without remembering earlier users: an affine map that is a bijection on
 * [0, 10^digits) (the multiplier is coprime to 10), so distinct indexes give distinct numbers,
 * and a letters-only base followed by that number cannot collide with another base's.
 */
function uniqueNumber(seed: number, index: number, digits: number, salt: number): number {
  const mod = 10 ** digits;
  const mul = 7_919 * 13 + salt * 10; // ends in 7: coprime to 10
  return (index * (mul % mod) + (hash32(seed, salt) % mod)) % mod;
}

/** 8 characters of base 36, a bijection of the index like above (the multiplier is odd and not a multiple of 3). */
function referralCode(seed: number, index: number): string {
  const mod = 36 ** 8;
  const n = (index * 433_494_437 + (hash32(seed, TAG.code) % 1_000_000_007)) % mod;
  return n.toString(36).toUpperCase().padStart(8, '0');
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

function farmDevice(seed: number, promoter: number, k: number) {
  const h = (n: number) => hash32(seed, TAG.farmDevice, promoter, k, n);
  const [name, model, os] = ANDROID_MODELS[h(0) % ANDROID_MODELS.length]!;
  return {
    kind: 'android' as DeviceKind,
    description: `${name} (${model}), Android ${os}`,
    serial: hex32(h(1)) + hex32(h(2)),
    model,
    os,
  };
}

function ownDevice(rng: Rng) {
  const kind = weighted(rng, DEVICE_KINDS);
  if (kind === 'android') {
    const [name, model, os] = rng.pick(ANDROID_MODELS);
    return {
      kind,
      description: `${name} (${model}), Android ${os}`,
      serial: rng.hex(16),
      model: model as string,
      os: os as string,
    };
  }
  if (kind === 'ios') {
    const [name, os] = rng.pick(IPHONE_MODELS);
    return {
      kind,
      description: `${name}, iOS ${os}`,
      serial: rng.uuid().toUpperCase(),
      model: name as string,
      os: os as string,
    };
  }
  const [browser, os] = rng.pick(BROWSERS);
  return { kind, description: `${browser} on ${os}`, serial: rng.hex(32), model: browser as string, os: os as string };
}

function userAgent(device: { kind: DeviceKind; model: string; os: string }): string {
  if (device.kind === 'android')
    return `Mozilla/5.0 (Linux; Android ${device.os}; ${device.model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36`;
  if (device.kind === 'ios')
    return `Mozilla/5.0 (iPhone; CPU iPhone OS ${device.os.replace('.', '_')} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`;
  return `${device.model} (${device.os})`;
}

export function makePerson(
  ctx: PeopleContext,
  index: number,
): { person: Person; row: UserRow; referral: ReferralRow | null } {
  const { rng: r, seed, timeline } = ctx;
  const createdMs = signUpAt(timeline, index, r.float());
  const nowMs = timeline.nowMs;
  const country = weighted(r, COUNTRY_TABLE);
  const ipCountry = r.chance(0.86) ? country.code : r.pick(ELSEWHERE.filter((c) => c !== country.code));
  const zoneCountry = r.chance(0.9)
    ? country.code
    : ipCountry !== country.code && r.chance(0.6)
      ? ipCountry
      : r.pick(ELSEWHERE);

  const { first, last } = ctx.names(r, country);
  const f = slug(first) || 'user';
  const l = slug(last) || 'vault';
  const userBase = weighted(r, [
    [`${f}${l}`, 30],
    [`${f}.${l}`, 15],
    [`${f}_${l}`, 15],
    [`${f[0]}${l}`, 15],
    [f, 15],
    [`${l}${f}`, 10],
  ] as const).slice(0, 18);
  const mailBase = weighted(r, [
    [`${f}.${l}`, 40],
    [`${f}${l}`, 30],
    [`${l}.${f}`, 15],
    [`${f}_${l[0]}`, 15],
  ] as const).slice(0, 24);
  const username = userBase + String(uniqueNumber(seed, index, ctx.suffixDigits, 1));
  const email = `${mailBase}${uniqueNumber(seed, index, ctx.suffixDigits, 2)}@${weighted(r, EMAIL_DOMAINS)}`;
  const fullName = `${first} ${last}`;

  const completed = r.chance(0.86);
  const deactivated = r.chance(0.02);
  const kyc2 = completed ? weighted(r, KYC2) : r.chance(0.08) ? 'submitted' : null;
  const kyc3 = kyc2 === 'approved' && r.chance(0.25) ? weighted(r, KYC3) : null;
  const trustMean = kyc2 === 'approved' ? 76 : kyc2 === 'submitted' ? 58 : kyc2 === 'rejected' ? 34 : 48;
  let trust = Math.round(trustMean + r.normal() * 14);
  if (deactivated) trust = Math.min(trust, 25);
  trust = Math.max(1, Math.min(100, trust));

  // Referral: ~30% were referred by an earlier user, many of them by a promoter.
  let refereeIndex = -1;
  let farm = -1;
  if (index > 0 && r.chance(0.3)) {
    if (r.chance(0.4)) {
      refereeIndex = r.int(0, Math.floor((index - 1) / PROMOTER_EVERY)) * PROMOTER_EVERY;
      if (isFarm(seed, refereeIndex) && r.chance(0.7)) farm = refereeIndex;
    } else {
      refereeIndex = r.int(0, index - 1);
    }
  }
  const device = farm >= 0 ? farmDevice(seed, farm, r.int(0, 1)) : ownDevice(r);
  const coords = coordinatesIn(r, COUNTRY_BY_CODE.get(ipCountry) ?? country);

  // Last sign-in: most users came back recently, some drifted away after a while.
  const sinceSignUp = nowMs - createdMs;
  const lastLoginMs =
    !deactivated && r.chance(0.8)
      ? nowMs - Math.min(sinceSignUp, Math.floor(-Math.log(1 - r.float()) * 9 * DAY))
      : createdMs + Math.floor(r.float() * sinceSignUp * 0.7);
  const loginCountry = r.chance(0.93) ? (COUNTRY_BY_CODE.get(ipCountry) ?? country) : weighted(r, COUNTRY_TABLE);
  const loginDevice = r.chance(0.85) ? device : ownDevice(r);
  const loginCoords = coordinatesIn(r, loginCountry);
  const lastLoginLocation = {
    deviceType: loginDevice.kind === 'web' ? 'desktop' : r.chance(0.03) ? 'tablet' : 'mobile',
    locationCoordinates: `${loginCoords.lat},${loginCoords.long}`,
    userDevice: userAgent(loginDevice),
    cfIpCountry: loginCountry.code,
    xRealIp: ipv4(r, loginCountry),
  };

  const id = userId(seed, index);
  const createdAt = isoTime(createdMs);
  const row: UserRow = {
    id,
    full_name: fullName,
    username,
    email,
    phone_no: r.chance(0.96) ? country.phone(r) : null,
    residence_country: country.code,
    ip_country: ipCountry,
    zone_country: zoneCountry,
    // Served by the app itself (apps/web/public/avatars): no customer name goes to a third party.
    profile_url: completed && r.chance(0.6) ? `/avatars/avatar-${String(r.int(1, 12)).padStart(2, '0')}.svg` : null,
    has_completed_profile: completed,
    deactivated,
    enabled_two_factor: r.chance(kyc2 === 'approved' ? 0.45 : 0.18),
    is_staff: r.chance(0.002),
    kyc_level_two_status: kyc2,
    kyc_level_three_status: kyc3,
    trust_score: trust,
    referral_code: referralCode(seed, index),
    referee_id: refereeIndex >= 0 ? userId(seed, refereeIndex) : null,
    registration_device_details: JSON.stringify({
      type: device.kind,
      build: device.kind === 'web' ? `web ${appBuildAt(createdMs)}` : appBuildAt(createdMs),
      description: device.description,
      serial: device.serial,
      country: ipCountry,
    }),
    registration_coordinates: JSON.stringify(coords),
    last_login_at: isoTime(lastLoginMs),
    last_login_location: JSON.stringify(lastLoginLocation),
    created_at: createdAt,
    updated_at: isoTime(Math.max(createdMs, lastLoginMs)),
  };

  let referral: ReferralRow | null = null;
  if (refereeIndex >= 0) {
    // Rewards are earned once the referred user passes identity checks; farms rarely get there.
    const state =
      kyc2 === 'approved'
        ? r.chance(0.7)
          ? 'paid'
          : 'verified'
        : kyc2 === 'submitted' && r.chance(0.3)
          ? 'verified'
          : 'pending';
    referral = {
      id: r.uuid(),
      referrer_id: userId(seed, refereeIndex),
      referred_user_id: id,
      referral_state: state,
      device_serial_number: device.serial,
      reward_amount: state === 'paid' ? fmtMicro((r.chance(0.75) ? 1 : 2) * MICRO) : '0',
      created_at: createdAt,
    };
  }

  // How busy the wallet is: a few never fund, most do a little, some a lot.
  const activity =
    !completed && r.chance(0.7)
      ? 0
      : r.chance(0.12)
        ? 0
        : Math.min(150, Math.max(1, Math.round(Math.exp(2.05 + 0.85 * r.normal()))));
  return { person: { index, id, username, createdMs, activity }, row, referral };
}
