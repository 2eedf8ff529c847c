# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 BatchNorm in train mode called in a body handed to a generic module-level scan wrapper
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def unroll(fn, init, xs):
    return scan(fn, init, xs)


class NormedEncoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, frames, train: bool = True):
        proj = nn.Dense(self.features)
        norm = nn.BatchNorm(use_running_average=not train, momentum=0.9)
        proj(frames[0])
        norm(jnp.zeros((1, self.features)))

        def encode(carry, frame):
            z = norm(proj(frame)[None])[0]
            return carry + z, z

        total, _ = unroll(encode, jnp.zeros((self.features,)), frames)
        return total


def main():
    enc = NormedEncoder()
    frames = jax.random.normal(jax.random.key(0), (5, 4))
    variables = enc.init(jax.random.key(1), frames, train=False)
    out, updates = enc.apply(variables, frames, train=True, mutable=["batch_stats"])
    jax.tree.map(lambda a: a + 0, updates)
    return None
