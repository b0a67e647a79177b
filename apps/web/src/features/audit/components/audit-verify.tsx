import { Alert, Button, Flex } from 'antd';
import { errorMessage } from '../../../api/client';
import { useVerifyAuditChain } from '../api/verify-audit-chain';

/** "Verify": walks the hash chain and shows the server's answer, intact with a count or the first row that does not match. */
export const AuditVerify = () => {
  const verify = useVerifyAuditChain();
  const report = verify.data;
  return (
    <Flex vertical gap={8} align="flex-start">
      <Button onClick={() => verify.mutate()} loading={verify.isPending}>
        Verify
      </Button>
      {verify.error && <Alert type="error" showIcon title={errorMessage(verify.error)} />}
      {report && !verify.isPending && (
        <Alert
          data-testid="audit-verify-result"
          type={report.intact ? 'success' : 'error'}
          showIcon
          title={report.message}
          description={
            report.intact
              ? report.head &&
                `Last link: row ${report.head.rowId}, hash ${report.head.hash}. Checked in ${report.ms} ms.`
              : `${report.checked} rows matched before it. Checked in ${report.ms} ms.`
          }
        />
      )}
    </Flex>
  );
};
