# The game host in a small image. The database lives on a volume at /data:
#   docker build -t gamehost .
#   docker run -d --name gamehost --restart unless-stopped \
#       -e DISCORD_TOKEN=... -v gamehost-data:/data gamehost
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/games.db

WORKDIR /app
# Japanese letters for the board images' labels (cogs/presenters/drawing.py)
RUN apt-get update && apt-get install -y --no-install-recommends fonts-ipafont-gothic \
    && rm -rf /var/lib/apt/lists/*
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY bot.py ./
COPY cogs ./cogs
COPY rules ./rules
COPY storage ./storage
COPY locales ./locales
RUN pybabel compile -d locales -D messages

RUN useradd --create-home --uid 10001 gamehost \
    && mkdir -p /data && chown gamehost:gamehost /data
USER gamehost
VOLUME ["/data"]

# SIGTERM (docker stop) shuts the bot down cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
