import { Descriptions } from 'antd';
import type { SearchDetails } from '@vaultdesk/contract';
import { mapsUrl } from '@vaultdesk/contract';
import { formatDateTime, zoned } from '../../../components/date-time';
import { Card } from '../../../components/light-card';

export const ActivitiesCard = ({
  activities,
  showDevices,
}: {
  activities: SearchDetails['userActivities'];
  showDevices: boolean;
}) => {
  const loc = activities.lastLoginLocation;
  return (
    <Card title="Activities">
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered data-testid="activities">
        <Descriptions.Item label={zoned('Last login')}>{formatDateTime(activities.lastLogin)}</Descriptions.Item>
        <Descriptions.Item label="Location">
          {loc?.locationCoordinates ? (
            <a href={mapsUrl(loc.locationCoordinates)} target="_blank" rel="noreferrer" data-testid="login-location">
              {loc.locationCoordinates}
            </a>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        {showDevices && (
          <>
            <Descriptions.Item label="Device type">{loc?.deviceType ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Device">{loc?.userDevice ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="IP country">{loc?.cfIpCountry ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="IP address">{loc?.xRealIp ?? '-'}</Descriptions.Item>
          </>
        )}
      </Descriptions>
    </Card>
  );
};
