"""Code every app may import: it imports no app."""
