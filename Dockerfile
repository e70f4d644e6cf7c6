# Tally in production: configure with DATABASE_URL, TALLY_SECRET_KEY, TALLY_ENCRYPTION_KEY and
# TALLY_SECURE_COOKIES=1 (see README). Without DATABASE_URL it runs the embedded PostgreSQL in
# /data, which should then be a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    TALLY_DATA_DIR=/data \
    TALLY_WORKERS=2

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
CMD ["sh", "-c", "tally migrate && exec tally serve --host 0.0.0.0 --port 8000 --workers \"$TALLY_WORKERS\""]
