# label: ok
# flax-error: none
# class: 2 GRUCell called once on the first element before the raw scan creates its params
import jax
import jax.numpy as jnp
import flax.linen as nn


class Decoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden)
        carry = jnp.zeros((xs.shape[1], self.hidden))
        carry, y0 = cell(carry, xs[0])

        def step(h, x):
            return cell(h, x)

        _, ys = jax.lax.scan(step, carry, xs[1:])
        return jnp.concatenate([y0[None], ys], axis=0)


def main():
    xs = jnp.ones((5, 2, 8))
    model = Decoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
    return None
