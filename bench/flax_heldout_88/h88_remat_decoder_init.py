# label: ok
# flax-error: none
# class: 1 a decoder wraps its refinement block in nn.remat and, when self.is_initializing(), creates its parameters with one plain call instead of entering the raw lax.fori_loop
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
        if self.is_initializing():
            # create the block's parameters outside any raw JAX loop
            return self.out(self.block(h))
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
