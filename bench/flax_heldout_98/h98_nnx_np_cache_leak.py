# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 neural process: module merged in the jax.lax.scan body caches the context representation in an nnx.Cache attribute, and the merged module escapes via nonlocal
import jax
import jax.numpy as jnp
from flax import nnx


class NeuralProcess(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(2, 8, rngs=rngs)
        self.decoder = nnx.Linear(9, 1, rngs=rngs)

    def encode(self, xc, yc):
        r = jnp.mean(self.encoder(jnp.concatenate([xc, yc], -1)), axis=0)
        self.r = nnx.Cache(r)
        return r

    def decode(self, xt):
        r = jnp.broadcast_to(self.r.value, (xt.shape[0], 8))
        return self.decoder(jnp.concatenate([xt, r], -1))


def main():
    np_model = NeuralProcess(nnx.Rngs(0))
    graphdef, state = nnx.split(np_model)
    xc = jax.random.normal(jax.random.key(1), (4, 10, 1))
    yc = jnp.sin(xc)
    last = None

    def encode_task(state, ctx):
        nonlocal last
        m = nnx.merge(graphdef, state)
        m.encode(*ctx)
        last = m
        return state, None

    jax.lax.scan(encode_task, state, (xc, yc))
    preds = last.decode(jnp.linspace(-1, 1, 5)[:, None])
    preds.block_until_ready()
    return None
