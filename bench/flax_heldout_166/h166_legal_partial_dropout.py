# label: same-values
# flax-error: none
# class: 5 UncertaintyEstimator keeps functools.partial(model.apply, variables, rngs={'dropout': key}) and calls it from the Monte-Carlo scan body
"""Legal documents: Monte-Carlo dropout estimates how unsure the clause tagger is."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class TaggerConfig:
    embed_dim: int = 16
    hidden: int = 32
    num_tags: int = 5
    dropout: float = 0.4
    mc_samples: int = 6


class ClauseTagger(nn.Module):
    cfg: TaggerConfig

    @nn.compact
    def __call__(self, clauses, train: bool = False):
        h = nn.relu(nn.Dense(self.cfg.hidden)(clauses))
        h = nn.Dropout(self.cfg.dropout, deterministic=not train)(h)
        return nn.Dense(self.cfg.num_tags)(h)


class UncertaintyEstimator:
    def __init__(self, cfg, model, variables, seed):
        self.cfg = cfg
        self.predict = functools.partial(
            model.apply, variables, train=True, rngs={"dropout": jax.random.key(seed)})

    def sample(self, clauses):
        def draw(carry, _):
            probs = jax.nn.softmax(self.predict(clauses), axis=-1)
            return carry, probs

        _, samples = jax.lax.scan(draw, None, None, length=self.cfg.mc_samples)
        return samples


def main():
    cfg = TaggerConfig()
    clauses = jax.random.normal(jax.random.key(0), (3, cfg.embed_dim))
    model = ClauseTagger(cfg)
    variables = model.init(jax.random.key(1), clauses)
    samples = UncertaintyEstimator(cfg, model, variables, seed=5).sample(clauses)
    return samples
