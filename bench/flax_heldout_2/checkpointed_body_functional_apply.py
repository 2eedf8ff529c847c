# label: ok
# flax-error: none
# class: 2 jax.checkpoint-wrapped scan body calling model.apply with already-built params
import jax
import jax.numpy as jnp
from flax import linen as nn


class Dynamics(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x + 0.1 * nn.Dense(x.shape[-1])(nn.tanh(x))


def unroll(params, x0, n):
    model = Dynamics()

    @jax.checkpoint
    def body(x, _):
        x = model.apply(params, x)
        return x, x

    return jax.lax.scan(body, x0, None, length=n)[1]


def main():
    x0 = jnp.ones((3,))
    params = Dynamics().init(jax.random.PRNGKey(0), x0)
    loss = lambda p: jnp.sum(unroll(p, x0, 10) ** 2)
    jax.grad(loss)(params)
    return None
