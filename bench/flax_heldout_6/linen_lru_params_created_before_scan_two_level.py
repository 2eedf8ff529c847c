# label: ok
# flax-error: none
# class: 1 an LRU layer creates its params with self.param before the loops; an outer lax.scan over chunks of the sequence and an inner fori_loop only read those arrays
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax as L


class LRU(nn.Module):
    d_hidden: int = 8
    r_min: float = 0.5
    r_max: float = 0.95

    @nn.compact
    def __call__(self, xs):  # (length, d_model)
        d_model = xs.shape[-1]
        nu_log = self.param(
            "nu_log",
            lambda k, s: jnp.log(-0.5 * jnp.log(jax.random.uniform(k, s, minval=self.r_min**2, maxval=self.r_max**2))),
            (self.d_hidden,),
        )
        B = self.param("B", nn.initializers.normal(0.3), (self.d_hidden, d_model))
        C = self.param("C", nn.initializers.normal(0.3), (d_model, self.d_hidden))
        lam = jnp.exp(-jnp.exp(nu_log))

        def chunk(h, x_chunk):
            def inner(i, carry):
                h, ys = carry
                h = lam * h + B @ x_chunk[i]
                return h, ys.at[i].set(C @ h)

            return L.fori_loop(0, x_chunk.shape[0], inner, (h, jnp.zeros_like(x_chunk)))

        chunks = xs.reshape(-1, 2, d_model)
        _, ys = L.scan(chunk, jnp.zeros(self.d_hidden), chunks)
        return ys.reshape(xs.shape) + xs


def main():
    layer = LRU()
    xs = jnp.ones((6, 4))
    variables = layer.init(jax.random.key(0), xs)
    ys = layer.apply(variables, xs)
    ys.block_until_ready()
    return None
