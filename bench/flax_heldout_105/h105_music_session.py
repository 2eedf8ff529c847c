# label: same-values
# flax-error: none
# class: 1 SessionEncoder.explore() runs the scan itself and draws self.make_rng('explore') inside the body
"""Music recommendation: a session encoder scores the catalogue for the next track.

explore() produces one exploration-perturbed score vector per upcoming slot of the session
(Gumbel noise on top of the session's scores), so the player can sample a queue.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

N_TRACKS = 12


class SessionEncoder(nn.Module):
    embed: int = 8
    temperature: float = 0.7

    def setup(self):
        self.track_emb = nn.Embed(N_TRACKS, self.embed)
        self.gru = nn.GRUCell(self.embed)

    def encode(self, history):
        h = jnp.zeros((self.embed,))
        for t in range(history.shape[0]):
            h, _ = self.gru(h, self.track_emb(history[t]))
        return h

    def scores(self, h):
        return self.track_emb.attend(h)

    def explore(self, history, n_slots: int):
        base = self.scores(self.encode(history))

        def slot(carry, _):
            noise = jax.random.gumbel(self.make_rng("explore"), base.shape)
            return carry, base + self.temperature * noise

        _, per_slot = scan(slot, None, None, length=n_slots)
        return per_slot

    def __call__(self, history):
        return self.scores(self.encode(history))


def main():
    history = jnp.array([3, 7, 1, 4])
    model = SessionEncoder()
    variables = model.init(jax.random.key(0), history)
    per_slot = model.apply(
        variables, history, 5, method=SessionEncoder.explore, rngs={"explore": jax.random.key(42)}
    )
    return per_slot
