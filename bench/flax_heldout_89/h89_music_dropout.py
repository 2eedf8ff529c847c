# label: same-values
# flax-error: none
# class: 4 a factory closes over one dropout key and returns a sampler; the scan body calls the sampler, which passes that key to model.apply
"""Music recommendation: Monte-Carlo dropout exploration scores for a Thompson-style next-track pick."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class NextTrackScorer(nn.Module):
    n_tracks: int = 32

    @nn.compact
    def __call__(self, user_vec, deterministic: bool):
        x = nn.Dense(32)(user_vec)
        x = nn.Dropout(rate=0.3)(x, deterministic=deterministic)
        return nn.Dense(self.n_tracks)(x)


def make_exploration_sampler(model, params, dropout_rng):
    apply = functools.partial(model.apply, {"params": params}, deterministic=False)

    def sample(user_vec):
        return apply(user_vec, rngs={"dropout": dropout_rng})

    return sample


def exploration_scores(sampler, user_vec, n_samples):
    def body(carry, _):
        return carry, sampler(user_vec)

    _, scores = jax.lax.scan(body, None, None, length=n_samples)
    return scores


def main():
    model = NextTrackScorer()
    user_vec = jax.random.normal(jax.random.key(0), (8,))
    params = model.init(jax.random.key(1), user_vec, deterministic=True)["params"]
    sampler = make_exploration_sampler(model, params, jax.random.key(2))
    return exploration_scores(sampler, user_vec, n_samples=5)
