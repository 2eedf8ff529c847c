# label: ok
# flax-error: none
# class: 3 the 'actnorm' collection travels in the raw while_loop state and apply is called with mutable=['actnorm']
"""Glow-style flow with data-dependent ActNorm fitted in jax.lax.while_loop; the 'actnorm'
collection is part of the loop state and apply returns its update."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ActNorm(nn.Module):
    @nn.compact
    def __call__(self, x):
        loc = self.variable("actnorm", "loc", lambda: jnp.zeros(x.shape[-1]))
        scale = self.variable("actnorm", "scale", lambda: jnp.ones(x.shape[-1]))
        done = self.variable("actnorm", "initialized", lambda: jnp.array(False))
        new_loc = jnp.where(done.value, loc.value, -x.mean(0))
        new_scale = jnp.where(done.value, scale.value, 1.0 / (x.std(0) + 1e-6))
        loc.value, scale.value, done.value = new_loc, new_scale, jnp.array(True)
        z = (x + new_loc) * new_scale
        return z, jnp.sum(jnp.log(jnp.abs(new_scale)))


class Flow(nn.Module):
    @nn.compact
    def __call__(self, x):
        z, ld1 = ActNorm()(x)
        h = nn.Dense(x.shape[-1], kernel_init=nn.initializers.orthogonal())(z)
        return h, ld1


def main():
    flow = Flow()
    data = jnp.sin(jnp.arange(40, dtype=jnp.float32)).reshape(10, 4) * 3.0 + 1.0
    variables = flow.init(jax.random.key(0), data)
    params = variables["params"]

    def nll(params, actnorm):
        (z, logdet), upd = flow.apply({"params": params, "actnorm": actnorm}, data, mutable=["actnorm"])
        return jnp.mean(0.5 * jnp.sum(z ** 2, -1)) - logdet, upd["actnorm"]

    def cond(state):
        i, _, _, prev, cur = state
        return (i < 20) & (prev - cur > 1e-4)

    def body(state):
        i, params, actnorm, _, cur = state
        (loss, actnorm), grads = jax.value_and_grad(nll, has_aux=True)(params, actnorm)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
        return i + 1, params, actnorm, cur, loss

    state = jax.lax.while_loop(cond, body, (0, params, variables["actnorm"], jnp.inf, 1e6))
    jax.block_until_ready(state)
    return None
