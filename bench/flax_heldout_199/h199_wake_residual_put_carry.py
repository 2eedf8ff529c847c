# label: ok
# flax-error: none
# class: 3 the FarmSimulator's model and params attributes are applied with mutable residuals that travel in the fori_loop carry
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
        self.model = model
        self.params = variables["params"]
        self.residuals = variables["residuals"]
        self.n_rows = n_rows
        self.deficit = 1.0 - (1.0 - jnp.sqrt(1.0 - 0.8)) / (1.0 + 2 * decay * spacing) ** 2

    def row_speeds(self, inflow):
        def propagate(row, carry):
            speeds, residuals = carry
            waked = speeds * self.deficit
            out, updates = self.model.apply(
                {"params": self.params, "residuals": residuals}, waked, mutable=["residuals"]
            )
            return out, updates["residuals"]

        last_row, self.residuals = jax.lax.fori_loop(1, self.n_rows, propagate, (inflow, self.residuals))
        return last_row

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
