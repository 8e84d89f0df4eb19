import Box from '@cloudscape-design/components/box';

/** A whole-app message (maintenance, configuration failure), in a main landmark. */
export function StatusPage({ title, body }: { title: string; body: string }) {
  return (
    <main>
      <Box padding="xxl" textAlign="center">
        <Box variant="h1">{title}</Box>
        <Box variant="p">{body}</Box>
      </Box>
    </main>
  );
}
