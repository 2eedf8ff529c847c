# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables) kept on a ScoringSession, dropout key folded with the step in the scan body
"""Clinical deterioration risk service: Monte Carlo dropout gives a risk band per patient.

The service opens one scoring session per patient; the session keeps the apply function
with the variables bound, and draws the MC samples with a raw lax.scan.
"""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


class DeteriorationNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, vitals, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(vitals))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class ScoringSession:
    def __init__(self, apply_fn, variables, key, n_samples: int):
        self._score = partial(apply_fn, variables, deterministic=False)
        self._key = key
        self.n_samples = n_samples

    def mc_samples(self, vitals):
        def draw(carry, step):
            key = jax.random.fold_in(self._key, step)
            return carry, self._score(vitals, rngs={"dropout": key})

        _, samples = jax.lax.scan(draw, None, jnp.arange(self.n_samples))
        return samples


class RiskScoringService:
    def __init__(self, model: nn.Module, variables, base_key, n_samples: int = 8):
        self._model = model
        self._variables = variables
        self._base_key = base_key
        self._n_samples = n_samples

    def open_session(self, patient_id: int) -> ScoringSession:
        key = jax.random.fold_in(self._base_key, patient_id)
        return ScoringSession(self._model.apply, self._variables, key, self._n_samples)

    def risk_band(self, patient_id: int, vitals):
        samples = self.open_session(patient_id).mc_samples(vitals)
        return samples, samples.mean(0), samples.std(0)


def main():
    model = DeteriorationNet()
    vitals = jax.random.normal(jax.random.key(1), (3, 7))
    variables = model.init(jax.random.key(0), vitals)
    service = RiskScoringService(model, variables, jax.random.key(42))
    samples, mean, spread = service.risk_band(patient_id=17, vitals=vitals)
    print("risk", mean, "+/-", spread)
    return samples
