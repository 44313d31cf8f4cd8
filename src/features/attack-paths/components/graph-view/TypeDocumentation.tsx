import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { FindingDocumentation } from '@/features/attack-paths/api/attack-paths';
import { InlineMarkdown, MarkdownText, safeHref } from './markdown';

/** A finding type's documentation: what it is, how to remediate it, and where to read more. */
export function TypeDocumentation({ doc }: { doc: FindingDocumentation }) {
  return (
    <Box>
      {doc.longDescription && (
        <Box component="section" aria-labelledby={`${doc.finding}-about`} sx={{ mb: 2 }}>
          <Typography id={`${doc.finding}-about`} variant="h3" sx={{ mb: 1 }}>
            About
          </Typography>
          <MarkdownText markdown={doc.longDescription} />
        </Box>
      )}
      {(doc.shortRemediation || doc.longRemediation) && (
        <Box component="section" aria-labelledby={`${doc.finding}-remediation`} sx={{ mb: 2 }}>
          <Typography id={`${doc.finding}-remediation`} variant="h3" sx={{ mb: 1 }}>
            Remediation
          </Typography>
          {doc.shortRemediation && <MarkdownText markdown={doc.shortRemediation} />}
          {doc.longRemediation && doc.longRemediation !== doc.shortRemediation && <MarkdownText markdown={doc.longRemediation} />}
        </Box>
      )}
      {doc.references.length > 0 && (
        <Box component="section" aria-labelledby={`${doc.finding}-references`} sx={{ mb: 2 }}>
          <Typography id={`${doc.finding}-references`} variant="h3" sx={{ mb: 1 }}>
            References
          </Typography>
          <Box component="ul" sx={{ mt: 0, pl: 3 }}>
            {doc.references.map((ref) => {
              const href = safeHref(ref);
              return (
                <Typography key={ref} component="li" variant="body2">
                  {href ? (
                    <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                      {ref}
                    </Link>
                  ) : (
                    <InlineMarkdown text={ref} />
                  )}
                </Typography>
              );
            })}
          </Box>
        </Box>
      )}
    </Box>
  );
}
