# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a decorator registry maps "wave-height" to a step factory that returns jax.checkpoint(step) closing over a BatchNorm model in training mode; the scan runs that step
"""Ocean buoy network: significant-wave-height nowcasting.

Step functions are registered by product name; each factory wraps its step in
jax.checkpoint because buoy histories are long. The nowcaster adapts its
normalisation to each buoy's recent spectra while scanning the history.
"""
import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.nnx as nnx

STEP_FACTORIES = {}


def register(product: str):
    def decorator(factory):
        STEP_FACTORIES[product] = factory
        return factory

    return decorator


class WaveNowcaster(nnx.Module):
    def __init__(self, n_spectral: int, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(n_spectral, momentum=0.9, rngs=rngs)
        self.hidden = nnx.Linear(n_spectral, 16, rngs=rngs)
        self.hs = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, spectra):
        return nnx.softplus(self.hs(nnx.relu(self.hidden(self.norm(spectra)))))[..., 0]


@register("wave-height")
def wave_height_step(model: WaveNowcaster):
    @jax.checkpoint
    def step(peak, spectra):
        hs = model(spectra)
        return jnp.maximum(peak, hs.max()), hs

    return step


def nowcast(product: str, model, history):
    step = STEP_FACTORIES[product](model)
    return scan(step, jnp.zeros(()), history)


def main():
    history = jnp.abs(jax.random.normal(jax.random.key(40), (8, 6, 10)))
    model = WaveNowcaster(10, rngs=nnx.Rngs(0))
    peak, hs = nowcast("wave-height", model, history)
    print("peak Hs", peak, "running mean", model.norm.mean.value.mean())
