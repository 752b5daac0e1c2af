import type { ReactNode } from 'react';
import { Card, Container } from 'react-bootstrap';

/** The centred card of the login, registration and password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container className="tt-page">
      <Card className="tt-auth-card shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-4 text-center">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </Container>
  );
}
