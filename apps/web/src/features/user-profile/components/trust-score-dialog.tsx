import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd';
import { trustScoreBand } from '@vaultdesk/contract';
import { StatusTag } from '../../../components/status-tag';

// The dialog's form (Form, InputNumber) is fetched once the profile has drawn, not before.
const loadForm = () => import('./trust-score-form');
const TrustScoreForm = lazy(() => loadForm().then((m) => ({ default: m.TrustScoreForm })));

export const TrustScoreTag = ({ score }: { score: number }) => {
  const band = trustScoreBand(score);
  return (
    <StatusTag color={band.color} data-testid="trust-score" data-band={band.label}>
      {score}%
    </StatusTag>
  );
};

export const TrustScoreAction = ({ userId, score }: { userId: string; score: number }) => {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it hands the focus back to the button.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    void loadForm();
  }, []);
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Update trust score
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <TrustScoreForm userId={userId} score={score} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
