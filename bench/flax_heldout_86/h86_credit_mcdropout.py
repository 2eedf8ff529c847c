# label: same-values
# flax-error: none
# class: 2 the uncertainty estimator stores one dropout key from its config dataclass and the scan body reuses it for every Monte-Carlo pass
"""Credit-risk scoring: Monte-Carlo dropout masks for the uncertainty band shown to underwriters."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class UncertaintyConfig:
    n_passes: int = 5
    rate: float = 0.25
    seed: int = 7


class FeatureDropout(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool):
        gate = self.param("gate", nn.initializers.ones, (x.shape[-1],))
        return nn.Dropout(self.rate)(jnp.ones_like(x) * gate, deterministic=deterministic)


class MCDropoutEstimator:
    def __init__(self, cfg: UncertaintyConfig, n_features=8):
        self.cfg = cfg
        self.module = FeatureDropout(cfg.rate)
        self.variables = self.module.init(jax.random.PRNGKey(0), jnp.zeros((n_features,)), True)
        self.dropout_key = jax.random.PRNGKey(cfg.seed)

    def masks(self, applicant):
        def one_pass(_, __):
            mask = self.module.apply(self.variables, applicant, False,
                                     rngs={"dropout": self.dropout_key})
            return None, mask
        _, masks = jax.lax.scan(one_pass, None, None, length=self.cfg.n_passes)
        return masks


def main():
    est = MCDropoutEstimator(UncertaintyConfig())
    return est.masks(jnp.ones((8,)))
