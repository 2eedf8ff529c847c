# label: ok
# flax-error: none
# class: 2 run_portfolio_scoring() takes the model, its variables and a frozen ServeConfig as locals; the scan body applies with mutable=list(cfg.mutable_collections) and carries those collections
"""Credit-risk portfolio rescoring.

A frozen serving config says which variable collections the scoring path may write. The model
keeps a telemetry collection (calls and mean exposure) that the monitoring dashboard reads.
Rescoring a portfolio scans over tranches of applicants and carries the writable collections
from tranche to tranche.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CreditScorer(nn.Module):
    @nn.compact
    def __call__(self, applicants):
        calls = self.variable("telemetry", "calls", lambda: jnp.zeros((), jnp.int32))
        exposure = self.variable("telemetry", "mean_exposure", lambda: jnp.zeros(()))
        pd = nn.sigmoid(nn.Dense(1)(nn.relu(nn.Dense(10)(applicants))))[..., 0]
        if not self.is_initializing():
            calls.value = calls.value + 1
            exposure.value = exposure.value + (applicants[..., 0].mean() - exposure.value) / calls.value
        return pd


@dataclass(frozen=True)
class ServeConfig:
    threshold: float = 0.2
    mutable_collections: tuple = ("telemetry",)


def run_portfolio_scoring(model, variables, tranches, cfg: ServeConfig):
    frozen = {k: v for k, v in variables.items() if k not in cfg.mutable_collections}
    writable = {k: v for k, v in variables.items() if k in cfg.mutable_collections}

    def score_tranche(state, applicants):
        flagged, writable = state
        pd, writable = model.apply({**frozen, **writable}, applicants, mutable=list(cfg.mutable_collections))
        return (flagged + jnp.sum(pd > cfg.threshold), dict(writable)), pd

    (flagged, writable), pds = lax.scan(score_tranche, (jnp.zeros((), jnp.int32), writable), tranches)
    return flagged, pds, {**frozen, **writable}


def main():
    tranches = jax.random.uniform(jax.random.key(0), (4, 6, 5))
    model = CreditScorer()
    variables = model.init(jax.random.key(1), tranches[0])
    flagged, pds, variables = run_portfolio_scoring(model, variables, tranches, ServeConfig())
    jax.block_until_ready((flagged, pds, variables))
    return None
