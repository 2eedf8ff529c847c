# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the model is the fori_loop carry of a RestorationSite, but the body passes its canopy height to the site's callback list, where a SurvivalLog keeps it until after the loop
"""Mangrove restoration: month-by-month canopy growth at a replanted site, reported to callbacks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SeedlingGrowth(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rate = nnx.Linear(3, 1, rngs=rngs)
        self.canopy = nnx.BatchStat(jnp.full((), 0.3))

    def __call__(self, tide):
        growth = 0.05 * nnx.sigmoid(self.rate(tide))[0]
        self.canopy[...] = self.canopy[...] * (1.0 + growth)
        return self.canopy[...]


class Callback:
    def on_month(self, month, canopy):
        pass

    def summary(self):
        return None


class SurvivalLog(Callback):
    def __init__(self):
        self.canopy = []

    def on_month(self, month, canopy):
        self.canopy.append(canopy)

    def summary(self):
        return jnp.stack(self.canopy).max()


class RestorationSite:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = callbacks

    def grow(self, tides):
        def body(month, model):
            canopy = model(tides[month])
            for callback in self.callbacks:
                callback.on_month(month, canopy)
            return model

        self.model = jax.lax.fori_loop(0, tides.shape[0], body, self.model)
        return [callback.summary() for callback in self.callbacks]


def main():
    site = RestorationSite(SeedlingGrowth(nnx.Rngs(0)), [Callback(), SurvivalLog()])
    tides = jax.random.normal(jax.random.key(1), (12, 3))  # months x (salinity, inundation, sediment)
    site.grow(tides)
