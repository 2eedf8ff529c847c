# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 conversation state object gets the NNX encoder's hidden state assigned inside the scan body; read after the loop
"""Customer-support triage bot (NNX): encodes a conversation turn by turn and keeps the last hidden state."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class TurnEncoder(nnx.Module):
    def __init__(self, dim, rngs):
        self.inp = nnx.Linear(dim, dim, rngs=rngs)
        self.rec = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, h, turn):
        return jnp.tanh(self.inp(turn) + self.rec(h))


@dataclasses.dataclass
class Conversation:
    ticket_id: str
    last_hidden: jnp.ndarray | None = None
    urgency: float = 0.0


class TriageBot:
    def __init__(self, dim=8):
        self.encoder = TurnEncoder(dim, nnx.Rngs(0))
        self.encoder.eval()
        self.urgency_head = nnx.Linear(dim, 1, rngs=nnx.Rngs(1))
        self.dim = dim

    def ingest(self, conv: Conversation, turns):
        def turn_step(h, turn):
            h = self.encoder(h, turn)
            conv.last_hidden = h
            return h, None

        jax.lax.scan(turn_step, jnp.zeros((self.dim,)), turns)

    def urgency(self, conv: Conversation):
        return jax.nn.sigmoid(self.urgency_head(conv.last_hidden))[0]


def main():
    bot = TriageBot()
    conv = Conversation("T-1042")
    bot.ingest(conv, jnp.ones((4, 8)) * 0.3)
    bot.urgency(conv).block_until_ready()
    return None
