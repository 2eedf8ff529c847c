# label: ok
# flax-error: none
# class: 4 CirculationService looks up a LinenAdapter in its backends dict; the fori_loop body calls self.backends['demand'].step(...), which applies the model with the 'cache' collection taken from and returned to the carry
"""Library circulation planning: weekly loan demand projection per branch."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class DemandModel(nn.Module):
    n_branches: int = 3

    @nn.compact
    def __call__(self, loans):
        ema = self.variable("cache", "ema", jnp.zeros, (self.n_branches,))
        ema.value = 0.8 * ema.value + 0.2 * loans
        return nn.softplus(nn.Dense(self.n_branches)(loans - ema.value))


class LinenAdapter:
    """Gives a Linen model the predict()/step() interface the planning service expects."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def predict(self, loans):
        return self.model.apply(self.variables, loans)

    def step(self, loans, cache):
        out, updates = self.model.apply(
            {"params": self.variables["params"], "cache": cache}, loans, mutable=["cache"])
        return out, updates["cache"]


class CirculationService:
    def __init__(self):
        self.backends = {}

    def register(self, name, adapter):
        self.backends[name] = adapter
        return self

    def project(self, loans, weeks):
        cache = self.backends["demand"].variables["cache"]

        def body(week, carry):
            stock, cache = carry
            demand, cache = self.backends["demand"].step(stock, cache)
            return 0.5 * stock + demand, cache

        projected, _ = fori_loop(0, weeks, body, (loans, cache))
        return projected


def main():
    model = DemandModel()
    loans = jnp.array([120.0, 45.0, 80.0]) / 100.0
    variables = model.init(jax.random.key(0), loans)
    service = CirculationService().register("demand", LinenAdapter(model, variables))
    projected = service.project(loans, weeks=8)
    _ = float(projected.sum())
    return None
