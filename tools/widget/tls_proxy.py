"""A TLS front for captcha-gen, as a site deploys one (a reverse proxy that holds the certificate):
it accepts HTTPS on 127.0.0.1 with the given certificate and passes each connection's bytes to the
upstream HTTP server and back. For libraries that only speak HTTPS (django-recaptcha builds
https://DOMAIN/...). Prints `listening on https://localhost:PORT` first.

    python -m tools.widget.tls_proxy --cert leaf.pem --key leaf.key --upstream 127.0.0.1:8080 [--port 0]
"""
import argparse
import asyncio
import ssl
import sys

CHUNK = 64 * 1024


async def pipe(reader, writer):
    try:
        while data := await reader.read(CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def serve(args):
    host, port = args.upstream.rsplit(":", 1)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(args.cert, args.key)

    async def handle(client_reader, client_writer):
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(host, int(port))
        except OSError as error:
            print(f"upstream {args.upstream}: {error}", file=sys.stderr, flush=True)
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, upstream_writer), pipe(upstream_reader, client_writer))

    server = await asyncio.start_server(handle, "127.0.0.1", args.port, ssl=context)
    print(f"listening on https://localhost:{server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cert", required=True, help="the certificate chain (PEM)")
    parser.add_argument("--key", required=True, help="its private key (PEM)")
    parser.add_argument("--upstream", required=True, help="host:port of the HTTP server behind it")
    parser.add_argument("--port", type=int, default=0)
    asyncio.run(serve(parser.parse_args()))


if __name__ == "__main__":
    main()
