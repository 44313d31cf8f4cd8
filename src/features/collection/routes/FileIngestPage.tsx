import { useSelf } from '@/api/self';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { fileUploadOps } from '@/api/operations/file-upload';
import { useAccess } from '@/lib/access';
import { UploadHistory, UploadPanel } from '@/features/collection/components/upload-panels';

const TITLE = 'File ingest';

export default function FileIngestPage() {
  const self = useSelf();
  const upload = useAccess(fileUploadOps.createFileUploadJob);
  const canUpload = upload.allowed;

  return (
    <>
      <PageHeader title={TITLE} description="Upload collector output to be ingested, and see earlier uploads." />
      {canUpload ? (
        <UploadPanel />
      ) : (
        self.data && <RestrictedNote missing={upload.missing} canDo="You can see the upload history" cannot="upload files" />
      )}
      <UploadHistory />
    </>
  );
}
