# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last" in "/" because collection "residuals" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the FarmSimulator's corrector attribute is an immutable model.bind() whose put_variable runs in the fori_loop body
"""Row-by-row wind-farm wake propagation (Jensen deficit) with a learned residual correction."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class WakeCorrector(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, speeds):
        h = nn.relu(nn.Dense(self.width)(speeds))
        correction = 0.05 * nn.tanh(nn.Dense(speeds.shape[-1])(h))
        self.put_variable("residuals", "last", correction)
        return speeds + correction


class FarmSimulator:
    def __init__(self, model, variables, n_rows, decay=0.075, spacing=7.0):
        self.corrector = model.bind(variables)
        self.n_rows = n_rows
        self.deficit = 1.0 - (1.0 - jnp.sqrt(1.0 - 0.8)) / (1.0 + 2 * decay * spacing) ** 2

    def row_speeds(self, inflow):
        def propagate(row, speeds):
            waked = speeds * self.deficit
            return self.corrector(waked)

        return jax.lax.fori_loop(1, self.n_rows, propagate, inflow)

    def farm_power(self, inflow):
        last_row = self.row_speeds(inflow)
        return jnp.sum(0.5 * 1.225 * last_row**3)


def main():
    inflow = 9.0 + jax.random.normal(jax.random.key(0), (5,)) * 0.3
    model = WakeCorrector()
    variables = model.init(jax.random.key(1), inflow)
    sim = FarmSimulator(model, {"params": variables["params"], "residuals": variables["residuals"]}, n_rows=6)
    sim.farm_power(inflow)
    return None
