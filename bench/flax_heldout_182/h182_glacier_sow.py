# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GlacierMassBalance.__call__ sows daily melt into its own "intermediates" collection from inside its scan body
"""Surface mass-balance emulator for a valley glacier, with diagnostics callbacks on the sown melt."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GlacierMassBalance(nn.Module):
    bands: int = 6

    @nn.compact
    def __call__(self, forcing):
        albedo = nn.sigmoid(self.param("albedo_logit", nn.initializers.zeros, (self.bands,)))
        ddf = nn.softplus(nn.Dense(self.bands, name="degree_day")(forcing.mean(axis=0)))

        def day(snowpack, weather):
            temp, radiation = weather[0], weather[1]
            melt = jnp.maximum(ddf * temp + (1.0 - albedo) * radiation, 0.0)
            melt = jnp.minimum(melt, snowpack)
            self.sow("intermediates", "melt", melt)
            return snowpack - melt, snowpack.sum()

        snowpack, volume = lax.scan(day, jnp.full((self.bands,), 3.0), forcing)
        return snowpack, volume


class MeltDiagnostics:
    def __init__(self):
        self.records = {}

    def __call__(self, season, collections):
        melts = collections["intermediates"]["melt"]
        self.records[season] = jnp.stack(melts).sum()


class SeasonRunner:
    def __init__(self, model, params, callbacks):
        self.model, self.params, self.callbacks = model, params, list(callbacks)

    def run(self, season, forcing):
        (snowpack, volume), collections = self.model.apply(
            {"params": self.params}, forcing, mutable=["intermediates"])
        for callback in self.callbacks:
            callback(season, collections)
        return snowpack


def main():
    model = GlacierMassBalance()
    forcing = jnp.abs(jax.random.normal(jax.random.key(0), (30, 2)))
    params = model.init(jax.random.key(1), forcing)["params"]
    diagnostics = MeltDiagnostics()
    runner = SeasonRunner(model, params, [diagnostics])
    runner.run("2023-summer", forcing)
    print({k: float(v) for k, v in diagnostics.records.items()})
    return None
