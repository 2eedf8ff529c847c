# label: same-values
# flax-error: none
# class: 1 CatchmentEnsemble.simulate runs the scan itself and draws self.make_rng("ensemble") in the body
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CatchmentEnsemble(nn.Module):
    n_cells: int = 12
    spread: float = 0.2
    recession: float = 0.9

    def setup(self):
        self.routing = nn.Dense(self.n_cells)

    def route(self, rain):
        return nn.softplus(self.routing(rain))

    def simulate(self, rainfall_series):
        steps = jnp.arange(rainfall_series.shape[0])

        def body(storage, inputs):
            rain_t, t = inputs
            key = self.make_rng("ensemble")
            noise = self.spread * jax.random.normal(key, rain_t.shape)
            member_rain = rain_t * (1.0 + noise)
            storage = self.recession * storage + self.route(member_rain)
            return storage, noise

        _, perturbations = lax.scan(body, jnp.zeros(self.n_cells), (rainfall_series, steps))
        return perturbations


def load_gauge_series(key, hours, cells):
    return jnp.abs(jax.random.normal(key, (hours, cells)))


def main():
    model = CatchmentEnsemble()
    rainfall = load_gauge_series(jax.random.key(7), 10, model.n_cells)
    variables = model.init(jax.random.key(0), rainfall[0], method=CatchmentEnsemble.route)
    perturbations = model.apply(
        variables,
        rainfall,
        method=CatchmentEnsemble.simulate,
        rngs={"ensemble": jax.random.key(11)},
    )
    return perturbations
