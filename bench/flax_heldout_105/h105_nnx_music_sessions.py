# label: same-values
# flax-error: none
# class: 2 recommend() draws one key from the recommender's nnx.Rngs 'explore' stream into a local, and the scan body perturbs every slot with that key
"""Music recommendation (NNX): a session encoder proposes the next tracks of a listening session.

The recommender fills a queue of upcoming slots; each slot gets Thompson-style exploration
noise on top of the session scores so the queue does not repeat the top track.
"""
import jax
import jax.numpy as jnp
from flax import nnx

N_TRACKS = 10


class SessionEncoder(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.tracks = nnx.Embed(N_TRACKS, dim, rngs=rngs)
        self.mix = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, history):
        session = jnp.tanh(self.mix(self.tracks(history).mean(axis=0)))
        return self.tracks.attend(session)


class Recommender:
    def __init__(self, encoder: SessionEncoder, rngs: nnx.Rngs, noise_scale: float = 0.5):
        self.encoder = encoder
        self.rngs = rngs
        self.noise_scale = noise_scale

    def recommend(self, history, n_slots: int):
        scores = self.encoder(history)
        key = self.rngs.explore()

        def fill_slot(_, slot):
            noisy = scores + self.noise_scale * jax.random.normal(key, scores.shape)
            return None, noisy

        _, per_slot = jax.lax.scan(fill_slot, None, jnp.arange(n_slots))
        return per_slot


def main():
    encoder = SessionEncoder(8, rngs=nnx.Rngs(params=0))
    recommender = Recommender(encoder, nnx.Rngs(explore=5))
    return recommender.recommend(jnp.array([1, 4, 4, 9]), n_slots=6)
