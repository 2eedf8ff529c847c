# label: ok
# flax-error: none
# class: 1 PlaylistModel.continue_playlist runs jax.lax.scan; one key from self.make_rng before the loop is split in the carry each step
"""Music streaming: continue a listener's playlist. The Linen model embeds the recent tracks,
forms a context vector and samples the next tracks from a temperature-scaled softmax over the
catalogue. A RecommendationService owns the params and calls the sampling method."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class PlaylistModel(nn.Module):
    n_tracks: int
    dim: int = 16

    def setup(self):
        self.tracks = nn.Embed(self.n_tracks, self.dim)
        self.context = nn.Dense(self.dim)

    def __call__(self, history):
        return self.tracks.attend(self.context(jnp.mean(self.tracks(history), axis=0)))

    def continue_playlist(self, history, n_next: int, temperature: float = 1.5):
        logits = self(history) / temperature

        def pick(carry, _):
            prev, key = carry
            key, k_track, k_gap = jax.random.split(key, 3)
            track = jax.random.categorical(k_track, logits)
            gumbel_gap = jax.random.gumbel(k_gap, (2,))
            return (track, key), (track, gumbel_gap)

        _, picks = jax.lax.scan(pick, (history[-1], self.make_rng("sample")), None, length=n_next)
        return picks


class RecommendationService:
    def __init__(self, n_tracks: int, seed: int = 0):
        self.model = PlaylistModel(n_tracks=n_tracks)
        self.params = self.model.init(jax.random.key(seed), jnp.zeros((5,), jnp.int32))["params"]

    def recommend(self, history, n_next, request_key):
        return self.model.apply(
            {"params": self.params}, history, n_next,
            method=PlaylistModel.continue_playlist, rngs={"sample": request_key},
        )


def main():
    service = RecommendationService(n_tracks=200)
    history = jnp.array([3, 17, 42, 42, 108])
    tracks, gaps = service.recommend(history, 6, jax.random.key(2024))
    return {"tracks": tracks, "gumbel_gap": gaps}
