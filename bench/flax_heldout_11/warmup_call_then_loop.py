# label: ok
# flax-error: none
# class: 2 submodule from setup called once before the loop, then again inside the fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn


class Unrolled(nn.Module):
    def setup(self):
        self.block = nn.Dense(5)

    def __call__(self, x):
        x = self.block(x)  # first call out here so the params exist

        def body(_, h):
            return nn.tanh(self.block(h))

        return jax.lax.fori_loop(0, 3, body, x)


def main():
    m = Unrolled()
    x = jnp.ones((2, 5))
    params = m.init(jax.random.PRNGKey(0), x)
    print(m.apply(params, x))
    return None
