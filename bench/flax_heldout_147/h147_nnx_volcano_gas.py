# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 @register_step('plume') stores a factory that returns a jax.checkpoint-wrapped step over the SO2Net graphdef; the while_loop body carries the state through that step, which also stashes nnx.state(model, nnx.BatchStat) in the service's warm-start cache read after the loop
"""Volcano observatory: SO2 flux nowcasting from scanning-DOAS spectra, with warm starts."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import nnx

STEP_FACTORIES: Dict[str, Callable] = {}


def register_step(name):
    def deco(factory):
        STEP_FACTORIES[name] = factory
        return factory
    return deco


class SO2Net(nnx.Module):
    def __init__(self, n_bins: int, rngs: nnx.Rngs):
        self.fit = nnx.Linear(n_bins, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, rngs=rngs)
        self.flux = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, spectra):
        return nnx.softplus(self.flux(self.norm(self.fit(spectra))))[..., 0]


@register_step("plume")
def plume_step(graphdef, cache):
    def step(state, spectra):
        model = nnx.merge(graphdef, state)
        flux = model(spectra)
        cache["warm"] = nnx.state(model, nnx.BatchStat)
        return nnx.state(model), flux.sum()

    return jax.checkpoint(step)


class NowcastService:
    def __init__(self, model, kind="plume"):
        self.model = model
        self.cache = {}
        self.graphdef, state = nnx.split(model)
        self.step = STEP_FACTORIES[kind](self.graphdef, self.cache)
        self.state = state

    def ingest(self, scans, max_scans):
        def cond(carry):
            return carry[0] < max_scans

        def body(carry):
            i, state, total = carry
            state, flux = self.step(state, scans[i])
            return i + 1, state, total + flux

        _, self.state, total = jax.lax.while_loop(cond, body, (0, self.state, jnp.zeros(())))
        return total

    def warm_start(self):
        nnx.update(self.model, self.cache["warm"])
        self.model.eval()
        return self.model


def main():
    scans = jnp.abs(jnp.sin(jnp.arange(5 * 3 * 10, dtype=jnp.float32))).reshape(5, 3, 10)
    service = NowcastService(SO2Net(10, nnx.Rngs(0)))
    service.ingest(scans, max_scans=5)
    model = service.warm_start()
    _ = float(model(scans[0]).mean())
    return None
