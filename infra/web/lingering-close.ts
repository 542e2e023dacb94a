import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";

/**
 * How long a connection closed under a body it did not read keeps open after its answer went out,
 * before it is cut: time for the client to read the answer (nginx's `lingering_close`).
 */
export const LINGER_MS = 2_000;

type Lingering = Socket & { destroySoon: () => void; request?: IncomingMessage; lingers?: true };

/**
 * A refused body (413: too large) is answered with `Connection: close` before it has all arrived.
 * Node then destroys the socket at once, and a socket destroyed with unread data in it sends a
 * reset, which can reach the client before it has read the answer: it then sees EPIPE or
 * ECONNRESET instead of the sentence. Such a connection is instead half-closed (the answer and a FIN
 * go out), left to stall the sender by TCP's own flow control (nothing more is read into memory),
 * and cut `lingerMs` later.
 */
export const installLingeringClose = (server: Server, lingerMs = LINGER_MS): void => {
  server.prependListener("request", (req: IncomingMessage) => {
    const socket = req.socket as Lingering;
    socket.request = req;
    if (socket.lingers) return;
    socket.lingers = true;
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      if (socket.request?.complete !== false) return destroySoon();
      socket.end();
      setTimeout(() => socket.destroy(), lingerMs).unref();
    };
  });
};
