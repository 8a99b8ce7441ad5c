# gabysql in a container.
#   docker build -t gabysql .
#   MCP on stdio:  docker run -i --rm -e GABYSQL_DB_URL=jdbc:postgresql://host.docker.internal/sales \
#                    -e GABYSQL_DB_USER=reader -e GABYSQL_DB_PASSWORD gabysql mcp
#   Sample data:   docker run -it --rm gabysql sql --demo
#   HTTP:          docker run --rm -p 7878:7878 -e GABYSQL_DB_URL=... gabysql serve --host 0.0.0.0 --token "$TOKEN"
# Secrets never go into the image: pass them with -e at run time (or --env-file).

# --- build: the shaded jar, tests skipped (CI runs them) ---
FROM maven:3-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN mvn -B -q -DskipTests package

# --- run: a JRE, the jar, an unprivileged user ---
FROM eclipse-temurin:17-jre
RUN groupadd --system gabysql \
 && useradd --system --gid gabysql --home-dir /home/gabysql --create-home --shell /usr/sbin/nologin gabysql
COPY --from=build /src/gabysql-cli/target/gabysql.jar /opt/gabysql/gabysql.jar
COPY docker/entrypoint.sh /usr/local/bin/gabysql
RUN chmod 0755 /usr/local/bin/gabysql
USER gabysql
# ./data (SQLite files, the demo database) lives here: mount a volume on /home/gabysql/data to keep it.
WORKDIR /home/gabysql
EXPOSE 7878
ENTRYPOINT ["/usr/local/bin/gabysql"]
CMD ["mcp"]
