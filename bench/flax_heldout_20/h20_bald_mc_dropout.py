# label: ok
# flax-error: none
# class: 3 mc_samples() splits a carried key each step and hands the subkey down _stochastic_pass() -> Encoder -> each Dropout(rng=...)
"""Active learning with BALD: Monte Carlo dropout samples from a small classifier are
used to score unlabeled pool points by mutual information."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class BALDConfig:
    features: tuple = (32, 32)
    n_classes: int = 3
    rate: float = 0.25
    n_mc: int = 6


class Encoder(nn.Module):
    cfg: BALDConfig

    @nn.compact
    def __call__(self, x, dropout_rng=None):
        for i, f in enumerate(self.cfg.features):
            x = nn.relu(nn.Dense(f)(x))
            if dropout_rng is not None:
                x = nn.Dropout(self.cfg.rate, deterministic=False)(x, rng=jax.random.fold_in(dropout_rng, i))
        return nn.Dense(self.cfg.n_classes)(x)


class BALDClassifier(nn.Module):
    cfg: BALDConfig

    def setup(self):
        self.encoder = Encoder(self.cfg)

    def __call__(self, x):
        return self.encoder(x)

    def _stochastic_pass(self, x, key):
        return jax.nn.softmax(self.encoder(x, dropout_rng=key))

    def mc_samples(self, x, key):
        def body(key, _):
            key, sub = jax.random.split(key)
            return key, self._stochastic_pass(x, sub)

        _, probs = jax.lax.scan(body, key, None, length=self.cfg.n_mc)
        return probs


def bald_scores(probs):
    mean = probs.mean(0)
    entropy = -(mean * jnp.log(mean + 1e-9)).sum(-1)
    expected = -(probs * jnp.log(probs + 1e-9)).sum(-1).mean(0)
    return entropy - expected


def main():
    cfg = BALDConfig()
    model = BALDClassifier(cfg)
    pool = jax.random.normal(jax.random.key(0), (10, 5))
    variables = model.init(jax.random.key(1), pool)
    probs = model.apply(variables, pool, jax.random.key(2), method=BALDClassifier.mc_samples)
    query = jnp.argsort(-bald_scores(probs))[:3]
    return probs
