# label: same-values
# flax-error: none
# class: 4 make_playlist_sampler draws one key from the nnx.Rngs 'sample' stream and returns a function whose fori_loop body samples with that key
"""Music recommendation (NNX): sample an autoplay queue for a batch of listeners."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class QueueScorer(nnx.Module):
    def __init__(self, n_users, n_tracks, rngs: nnx.Rngs):
        self.users = nnx.Embed(n_users, 16, rngs=rngs)
        self.tracks = nnx.Linear(16, n_tracks, rngs=rngs)

    def __call__(self, user_ids):
        return self.tracks(self.users(user_ids))


def make_playlist_sampler(model, rngs: nnx.Rngs, temperature=1.0):
    key = rngs.sample()

    def sample_queue(user_ids, length):
        logits = model(user_ids) / temperature
        buf = jnp.zeros((length, user_ids.shape[0]), jnp.int32)

        def body(i, buf):
            picks = jax.random.categorical(key, logits)
            return buf.at[i].set(picks)

        return lax.fori_loop(0, length, body, buf)

    return sample_queue


def main():
    rngs = nnx.Rngs(params=0, sample=3)
    model = QueueScorer(10, 60, rngs)
    sampler = make_playlist_sampler(model, rngs)
    return sampler(jnp.arange(10), 5)
