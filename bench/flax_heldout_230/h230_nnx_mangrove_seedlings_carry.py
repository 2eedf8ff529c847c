# label: ok
# flax-error: none
# class: 4 the model is the fori_loop carry of a RestorationSite together with a canopy buffer; the site's callback list reads the buffer after the loop
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
        def body(month, carry):
            model, history = carry
            canopy = model(tides[month])
            return model, history.at[month].set(canopy)

        history = jnp.zeros(tides.shape[0])
        self.model, history = jax.lax.fori_loop(0, tides.shape[0], body, (self.model, history))
        for month in range(tides.shape[0]):
            for callback in self.callbacks:
                callback.on_month(month, history[month])
        return [callback.summary() for callback in self.callbacks]


def main():
    site = RestorationSite(SeedlingGrowth(nnx.Rngs(0)), [Callback(), SurvivalLog()])
    tides = jax.random.normal(jax.random.key(1), (12, 3))  # months x (salinity, inundation, sediment)
    site.grow(tides)
