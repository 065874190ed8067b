# One image for web, worker and beat (docker-compose.yml picks the command).
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app

COPY pyproject.toml README.md ./
COPY config ./config
COPY citations ./citations
COPY reviews ./reviews
COPY generation ./generation
COPY webhooks ./webhooks
RUN pip install .

COPY manage.py ./
COPY templates ./templates
COPY static ./static
# collectstatic needs settings to load: a build-time key that never reaches a container.
RUN SECRET_KEY=build-only STATIC_ROOT=/app/staticfiles python manage.py collectstatic --noinput -v 0

RUN useradd --system --home-dir /app verbatim && mkdir -p /app/var && chown verbatim /app/var
USER verbatim
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--workers", "2", "--access-logfile", "-"]
