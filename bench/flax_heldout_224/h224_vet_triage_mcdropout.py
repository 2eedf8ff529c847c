# label: same-values
# flax-error: none
# class: 1 TriageHead.__call__ runs the Monte Carlo scan itself; the nn.Dropout it owns draws its rng from the module scope inside the body
"""Veterinary triage: urgency score per patient with Monte Carlo dropout as an uncertainty band."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class TriageConfig:
    hidden: int = 16
    n_mc_samples: int = 6
    dropout_rate: float = 0.3


class TriageHead(nn.Module):
    config: TriageConfig

    @nn.compact
    def __call__(self, vitals: jax.Array) -> jax.Array:
        cfg = self.config
        features = nn.relu(nn.Dense(cfg.hidden, name="encoder")(vitals))
        dropout = nn.Dropout(cfg.dropout_rate, deterministic=False, name="mc_dropout")
        scorer = nn.Dense(1, name="scorer")
        point = scorer(features)  # deterministic estimate, creates the scorer params

        def mc_sample(carry, _):
            score = nn.sigmoid(scorer(dropout(features)))
            return carry, score[..., 0]

        _, samples = jax.lax.scan(mc_sample, None, None, length=cfg.n_mc_samples)
        self.sow("intermediates", "point", point)
        return samples  # (n_mc_samples, n_patients)


class TriageDesk:
    """Wraps the head for the intake service; one call per intake batch."""

    def __init__(self, config: TriageConfig, seed: int = 0):
        self.model = TriageHead(config)
        self.seed = seed
        self.variables = None

    def load(self, example: jax.Array) -> None:
        keys = {"params": jax.random.key(self.seed), "dropout": jax.random.key(self.seed + 1)}
        self.variables = self.model.init(keys, example)

    def assess(self, vitals: jax.Array, request_id: int) -> jax.Array:
        rngs = {"dropout": jax.random.fold_in(jax.random.key(99), request_id)}
        return self.model.apply({"params": self.variables["params"]}, vitals, rngs=rngs)


def main():
    vitals = jnp.array([[38.9, 120.0, 32.0, 0.4], [39.6, 160.0, 48.0, 0.9], [38.1, 90.0, 24.0, 0.1]]) / 100.0
    desk = TriageDesk(TriageConfig())
    desk.load(vitals)
    samples = desk.assess(vitals, request_id=7)
    return samples
