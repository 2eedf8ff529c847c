# label: ok
# flax-error: none
# class: 4 functools.partial(model.apply, variables) kept on a BlendSession held by the Cellar service; the scan body folds the session key with the step index
"""Monte Carlo dropout scoring of a wine blend.

The cellar service samples the taste model several times for one blend to put an uncertainty
band on the predicted panel score before a blend is bottled.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class BlendConfig:
    n_varietals: int = 5
    hidden: int = 16
    dropout: float = 0.3
    n_samples: int = 6


class TasteModel(nn.Module):
    cfg: BlendConfig

    @nn.compact
    def __call__(self, fractions, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.cfg.hidden, name="palate")(fractions))
        h = nn.Dropout(self.cfg.dropout)(h, deterministic=deterministic)
        return nn.Dense(1, name="panel")(h)[..., 0]


class BlendSession:
    """One loaded scorer; the service keeps one per tasting panel."""

    def __init__(self, model, variables, key):
        self.key = key
        self.score = functools.partial(model.apply, variables, deterministic=False)


class Cellar:
    def __init__(self, cfg: BlendConfig, seed: int = 0):
        self.cfg = cfg
        model = TasteModel(cfg)
        init_key, drop_key = jax.random.split(jax.random.key(seed))
        variables = model.init(init_key, jnp.ones((cfg.n_varietals,)))
        self.session = BlendSession(model, variables, drop_key)

    def sample_scores(self, blend):
        def body(total, step):
            key = jax.random.fold_in(self.session.key, step)
            score = self.session.score(blend, rngs={"dropout": key})
            return total + score, score

        _, samples = lax.scan(body, jnp.zeros(()), jnp.arange(self.cfg.n_samples))
        return samples


def main():
    cellar = Cellar(BlendConfig())
    blend = jnp.array([0.4, 0.25, 0.15, 0.1, 0.1])
    return cellar.sample_scores(blend)
