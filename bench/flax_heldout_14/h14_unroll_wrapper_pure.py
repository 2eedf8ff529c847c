# label: ok
# flax-error: none
# class: 4 module-level fori_loop wrapper given a lambda that applies closed-over params purely (fixed-point iteration)
import jax
import jax.numpy as jnp
import flax.linen as nn


def unroll(step_fn, init, num_iters):
    """Generic helper shared by the solvers in this repo."""
    return jax.lax.fori_loop(0, num_iters, lambda i, z: step_fn(z), init)


class ContractiveMap(nn.Module):
    dim: int = 6

    @nn.compact
    def __call__(self, z, x):
        w = nn.Dense(self.dim, kernel_init=nn.initializers.normal(0.05), use_bias=False)
        return jnp.tanh(w(z) + x)


def deq_forward(model, params, x, iters=30):
    f = lambda z: model.apply(params, z, x)
    return unroll(f, jnp.zeros_like(x), iters)


def main():
    model = ContractiveMap()
    x = jnp.linspace(-1, 1, 6)
    params = model.init(jax.random.PRNGKey(0), jnp.zeros(6), x)
    z_star = jax.jit(deq_forward, static_argnums=(0, 3))(model, params, x, 30)
    residual = jnp.abs(model.apply(params, z_star, x) - z_star).max()
    jax.tree.map(lambda a: a + 0, (z_star, residual))
    return None
