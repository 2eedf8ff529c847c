# label: same-values
# flax-error: none
# class: 2 an UncertaintyEstimator reads the dropout key from a config dataclass; a fori_loop body applies the model with it for every MC sample
"""Active learning: BALD-style acquisition needs several stochastic forward passes of the
classifier on the unlabeled pool. The estimator fills a (samples, pool, classes) buffer."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass
class AcquisitionConfig:
    num_samples: int = 8
    seed: int = 3
    rng: jax.Array = field(default=None)

    def __post_init__(self):
        if self.rng is None:
            self.rng = jax.random.key(self.seed)


class Classifier(nn.Module):
    num_classes: int = 4

    @nn.compact
    def __call__(self, x, train=False):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(0.3, deterministic=not train)(x)
        return nn.softmax(nn.Dense(self.num_classes)(x))


class UncertaintyEstimator:
    def __init__(self, model, params, config):
        self.apply_fn = model.apply
        self.params = params
        self.config = config

    def mc_probs(self, pool):
        cfg = self.config
        buf = jnp.zeros((cfg.num_samples, pool.shape[0], 4))

        def body(i, buf):
            probs = self.apply_fn(self.params, pool, train=True, rngs={"dropout": cfg.rng})
            return buf.at[i].set(probs)

        return lax.fori_loop(0, cfg.num_samples, body, buf)


def main():
    pool = jax.random.normal(jax.random.key(0), (10, 5))
    model = Classifier()
    params = model.init(jax.random.key(1), pool)
    est = UncertaintyEstimator(model, params, AcquisitionConfig())
    return est.mc_probs(pool)
