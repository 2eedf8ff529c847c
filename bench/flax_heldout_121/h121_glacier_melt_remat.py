# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped block bound with mutable=['batch_stats'] sits on MeltSession; GlacierService gets it from MeltSession.forward() and calls it inside the scan body
"""Glacier melt: a rematerialised melt block turns daily station readings (air temperature,
shortwave radiation, albedo, snow depth) into ablation; the season runner reports the
normalisation statistics to the hydrology team."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MeltBlock(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(jnp.tanh(h))).squeeze(-1)


RematMeltBlock = nn.remat(MeltBlock, static_argnums=(2,))


class MeltSession:
    def __init__(self, model, variables):
        self._bound = model.bind(variables, mutable=["batch_stats"])

    def forward(self):
        return self._bound

    def stats(self):
        return self._bound.variables["batch_stats"]


class GlacierService:
    def __init__(self, n_stations=6, n_features=4, seed=0):
        model = RematMeltBlock()
        variables = model.init(jax.random.key(seed), jnp.zeros((n_stations, n_features)), False)
        self.session = MeltSession(model, variables)

    def run_season(self, daily):
        block = self.session.forward()

        def body(total, readings):
            melt = block(readings, True)
            return total + melt, jnp.mean(melt)

        return jax.lax.scan(body, jnp.zeros(daily.shape[1]), daily)

    def hydrology_report(self):
        return {k: float(jnp.sum(jnp.abs(v))) for k, v in self.session.stats()["BatchNorm_0"].items()}


def main():
    service = GlacierService()
    daily = jax.random.normal(jax.random.key(6), (10, 6, 4))
    total, daily_mean = service.run_season(daily)
    report = service.hydrology_report()
    jax.block_until_ready((total, daily_mean))
    return None
