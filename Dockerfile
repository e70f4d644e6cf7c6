# Tally in production: configure with DATABASE_URL, TALLY_SECRET_KEY, TALLY_ENCRYPTION_KEY and
# TALLY_PUBLIC_URL=https://... (secure cookies and HSTS follow from it; see README). Without DATABASE_URL it runs the embedded PostgreSQL in
# /data, which should then be a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    TALLY_DATA_DIR=/data \
    TALLY_WORKERS=2 \
    PORT=8000

RUN useradd --create-home --uid 10001 tally \
    && mkdir -p /data \
    && chown tally:tally /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY billing ./billing
COPY webapp ./webapp
COPY api ./api
RUN pip install -e .
COPY templates ./templates
COPY static ./static
COPY migrations ./migrations

USER tally
VOLUME ["/data"]
EXPOSE 8000
# The slim image has no curl: Python asks /healthz (any answer but 200 within 4 s is unhealthy).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '8000') + '/healthz', timeout=4)"]
CMD ["sh", "-c", "tally migrate && exec tally serve --host 0.0.0.0 --port \"$PORT\" --workers \"$TALLY_WORKERS\""]
