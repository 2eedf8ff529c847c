# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_denoise_step(graphdef) returns a step that merges the carried state and keeps the merged model in a closure dict used after the scan
"""Diffusion-style denoising chain: a factory builds the scan step from a split NNX model."""
import jax
import jax.numpy as jnp
from flax import nnx

DIM = 6


class Denoiser(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(DIM + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, DIM, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], axis=-1)
        return self.l2(nnx.silu(self.l1(h)))


def make_denoise_step(graphdef, last):
    def step(carry, t):
        state, x = carry
        model = nnx.merge(graphdef, state)
        x = x - 0.1 * model(x, t)
        last["model"] = model  # keep a handle for the final clean-up pass
        return (nnx.state(model), x), None

    return step


def main():
    model = Denoiser(nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    last = {}
    step = make_denoise_step(graphdef, last)
    x = jax.random.normal(jax.random.key(1), (4, DIM))
    ts = jnp.linspace(1.0, 0.0, 8)
    (state, x), _ = jax.lax.scan(step, (state, x), ts)
    x = x - 0.1 * last["model"](x, 0.0)
    x.block_until_ready()
    return None
