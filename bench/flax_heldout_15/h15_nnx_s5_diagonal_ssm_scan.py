# label: ok
# flax-error: none
# class: 2 diagonal state-space layer reads its own nnx.Param values (self.log_a, self.B, self.C) in a `from jax.lax import scan` body
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class DiagonalSSM(nnx.Module):
    def __init__(self, d_model, d_state, *, rngs: nnx.Rngs):
        key = rngs.params()
        k1, k2 = jax.random.split(key)
        self.log_a = nnx.Param(jnp.log(jnp.linspace(0.5, 0.99, d_state)))
        self.B = nnx.Param(jax.random.normal(k1, (d_state, d_model)) / jnp.sqrt(d_model))
        self.C = nnx.Param(jax.random.normal(k2, (d_model, d_state)) / jnp.sqrt(d_state))
        self.D = nnx.Param(jnp.ones((d_model,)))
        self.norm = nnx.LayerNorm(d_model, rngs=rngs)

    def __call__(self, u):
        # u: (length, d_model)
        a = jnp.exp(self.log_a[...])

        def step(x, u_t):
            x = a * x + self.B[...] @ u_t
            return x, self.C[...] @ x + self.D[...] * u_t

        _, ys = scan(step, jnp.zeros_like(a), u)
        return self.norm(ys + u)


def main():
    layer = DiagonalSSM(4, 16, rngs=nnx.Rngs(0))
    u = jax.random.normal(jax.random.key(1), (32, 4))
    y = layer(u)
    grads = nnx.grad(lambda m: m(u).sum())(layer)
    return None
