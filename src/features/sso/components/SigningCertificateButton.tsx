import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import { describeError } from '@/api/errors';
import { useNotice } from '@/components/notice';
import { saveFile } from '@/lib/save-file';
import { useSigningCertificateDownload } from '@/features/sso/api/get-signing-certificate';

/** Downloads the service's signing certificate of a SAML provider (`<slug>-signing-certificate.pem`). */
export function SigningCertificateButton({ ssoProviderId, slug }: { ssoProviderId: number; slug: string }) {
  const download = useSigningCertificateDownload();
  const { notify } = useNotice();
  const onClick = () =>
    download.mutate(ssoProviderId, {
      onSuccess: (pem) => {
        saveFile(pem, `${slug}-signing-certificate.pem`, 'application/x-pem-file');
        notify('Signing certificate downloaded.');
      },
      onError: (error) => notify({ message: describeError(error), severity: 'error' }),
    });
  return (
    <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={onClick} loading={download.isPending}>
      Download signing certificate
    </Button>
  );
}
