# label: ok
# flax-error: none
# class: 2 params returned by init are closed over; the raw while_loop body only calls model.apply with them
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class Contraction(nn.Module):
    @nn.compact
    def __call__(self, z, x):
        return jnp.tanh(0.4 * nn.Dense(z.shape[-1], use_bias=False)(z) + nn.Dense(z.shape[-1])(x))


def fixed_point(model, params, x, tol=1e-5):
    def cond(c):
        k, z, err = c
        return (err > tol) & (k < 100)

    def body(c):
        k, z, _ = c
        z_new = model.apply(params, z, x)
        return k + 1, z_new, jnp.max(jnp.abs(z_new - z))

    return while_loop(cond, body, (0, jnp.zeros_like(x), jnp.array(jnp.inf)))


def main():
    model = Contraction()
    x = jnp.ones((2, 4))
    params = model.init(jax.random.key(0), x, x)
    k, z, err = fixed_point(model, params, x)
    print(k, err)
    return None
