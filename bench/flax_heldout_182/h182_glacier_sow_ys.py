# label: ok
# flax-error: none
# class: 1 GlacierMassBalance.__call__ returns daily melt as the scan's ys and sows the stacked melt after the loop
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
            return snowpack - melt, (snowpack.sum(), melt)

        snowpack, (volume, melts) = lax.scan(day, jnp.full((self.bands,), 3.0), forcing)
        self.sow("intermediates", "melt", melts)
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
