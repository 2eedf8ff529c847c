# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the sown 'intermediates' returned by apply(mutable=...) in the scan body are appended to analysis.recorder.maps (two objects deep)
"""Collect attention maps while running a toy decoder over a batch of prompts."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SelfAttention(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, x):
        q = nn.Dense(self.dim)(x)
        k = nn.Dense(self.dim)(x)
        v = nn.Dense(self.dim)(x)
        w = jax.nn.softmax(q @ k.swapaxes(-1, -2) / jnp.sqrt(self.dim), axis=-1)
        self.sow('intermediates', 'attn', w)
        return x + w @ v


class TinyDecoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = SelfAttention()(x)
        return nn.Dense(16)(x)


class Recorder:
    def __init__(self):
        self.maps = []


class Analysis:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.recorder = Recorder()


def run(analysis, prompts):
    def body(carry, x):
        y, state = analysis.model.apply(analysis.variables, x, mutable=['intermediates'])
        analysis.recorder.maps.append(state['intermediates']['SelfAttention_0']['attn'][0])
        return carry + y.mean(), None

    total, _ = jax.lax.scan(body, 0.0, prompts)
    return total


def main():
    model = TinyDecoder()
    prompts = jax.random.normal(jax.random.PRNGKey(3), (5, 7, 16))
    variables = model.init(jax.random.PRNGKey(0), prompts[0])
    analysis = Analysis(model, variables)
    run(analysis, prompts)
    maps = jnp.stack(analysis.recorder.maps)
    print(maps.shape, maps.sum())
    return None
