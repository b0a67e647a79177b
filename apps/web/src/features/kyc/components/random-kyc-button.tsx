import { App, Button } from 'antd';
import { useNavigate } from 'react-router';
import { KYC_MESSAGES } from '@vaultdesk/contract';
import { useRandomKycMutation } from '../api/get-random-kyc';

/** Takes the next unattended case for this reviewer and opens it; 'No Unattended KYC' when none is left. */
export const RandomKycButton = ({ label, gatewayQuery }: { label: string; gatewayQuery: string }) => {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const random = useRandomKycMutation();
  return (
    <Button
      type="primary"
      loading={random.isPending}
      onClick={() =>
        random.mutate(undefined, {
          onSuccess: (userId) => void navigate(`/manage-kyc/${userId}${gatewayQuery}`),
          onError: () => void message.info(KYC_MESSAGES.noUnattended),
        })
      }
    >
      {label}
    </Button>
  );
};
