# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a decoder wraps its refinement block in nn.remat and calls it only inside a raw lax.fori_loop, so init creates the block's parameters inside the loop body
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax


class RefineBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h):
        return h + nn.Dense(self.width)(nn.LayerNorm()(h))


class IterativeDecoder(nn.Module):
    width: int = 16
    iterations: int = 4

    def setup(self):
        self.block = nn.remat(RefineBlock)(self.width)
        self.out = nn.Dense(2)

    def __call__(self, h):
        h = lax.fori_loop(0, self.iterations, lambda i, h: self.block(h), h)
        return self.out(h)


def main():
    model = IterativeDecoder()
    h = jnp.ones((2, 16))
    params = model.init(jax.random.key(0), h)["params"]
    tx = optax.adamw(1e-3)
    opt_state = tx.init(params)
    grads = jax.grad(lambda p: model.apply({"params": p}, h).sum())(params)
    tx.update(grads, opt_state, params)
    return None
