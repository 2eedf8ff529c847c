# label: ok
# flax-error: none
# class: 3 NNX encoder read in the scan body; the hidden state leaves through the carry and is stored on the conversation after the loop
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
            return self.encoder(h, turn), None

        conv.last_hidden, _ = jax.lax.scan(turn_step, jnp.zeros((self.dim,)), turns)

    def urgency(self, conv: Conversation):
        return jax.nn.sigmoid(self.urgency_head(conv.last_hidden))[0]


def main():
    bot = TriageBot()
    conv = Conversation("T-1042")
    bot.ingest(conv, jnp.ones((4, 8)) * 0.3)
    bot.urgency(conv).block_until_ready()
    return None
