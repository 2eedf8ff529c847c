# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped DenoiseCell is created in the compact method and first called inside the lax.scan body, so init creates its params inside the loop
"""Seismic trace denoiser: a rematerialised recurrent cell unrolled over the samples of a trace."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DenoiseCell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, h, x):
        return nn.tanh(nn.Dense(self.features)(jnp.concatenate([h, x])))


class SeismicDenoiser(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, traces):
        cell = nn.remat(DenoiseCell)(self.features)
        readout = nn.Dense(1)

        def step(h, x):
            h = cell(h, x)
            return h, readout(h)[0]

        _, cleaned = jax.lax.scan(step, jnp.zeros((self.features,)), traces)
        return cleaned


class DenoisePipeline:
    def __init__(self, model, seed=0):
        self.model = model
        self.seed = seed
        self.variables = None

    def warm_start(self, example):
        self.variables = self.model.init(jax.random.key(self.seed), example)

    def run(self, traces):
        return jax.vmap(lambda t: self.model.apply(self.variables, t))(traces)


def main():
    traces = jax.random.normal(jax.random.key(0), (4, 50, 3))
    pipeline = DenoisePipeline(SeismicDenoiser())
    pipeline.warm_start(traces[0])
    cleaned = pipeline.run(traces)
    print(cleaned.shape)
    return None
