# label: same-values
# flax-error: none
# class: 3 SwarmRiskEstimator.self.mc_key, drawn once from an nnx.Rngs stream, is passed as the dropout rngs in every while_loop iteration
"""Beehive acoustic monitoring: Monte Carlo dropout estimate of swarming risk from a hive spectrum."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SwarmClassifier(nnx.Module):
    def __init__(self, n_bands, rngs: nnx.Rngs):
        self.bands = nnx.Linear(n_bands, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.25)
        self.risk = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, spectrum, rngs=None):
        h = self.dropout(nnx.relu(self.bands(spectrum)), rngs=rngs)
        return nnx.sigmoid(self.risk(h))[0]


class SwarmRiskEstimator:
    def __init__(self, model, rngs: nnx.Rngs, n_draws=6):
        self.model = model
        self.mc_key = rngs.mc()
        self.n_draws = n_draws

    def estimate(self, spectrum):
        def more(state):
            i, _ = state
            return i < self.n_draws

        def draw(state):
            i, risks = state
            return i + 1, risks.at[i].set(self.model(spectrum, rngs=self.mc_key))

        _, risks = lax.while_loop(more, draw, (0, jnp.zeros(self.n_draws)))
        return risks


def main():
    spectrum = jnp.log1p(jax.random.uniform(jax.random.key(0), (32,)) * 10.0)  # 32 bands, 100-600 Hz
    model = SwarmClassifier(32, nnx.Rngs(params=0))
    estimator = SwarmRiskEstimator(model, nnx.Rngs(mc=7))
    return estimator.estimate(spectrum)
