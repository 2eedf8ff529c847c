# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "loc" in "/ActNorm_0" because collection "actnorm" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the variables dict (with the 'actnorm' collection) is closed over by a raw while_loop body that applies the flow without mutable
"""Glow-style flow with data-dependent ActNorm; the maximum-likelihood fit runs inside
jax.lax.while_loop until the loss stops improving. ActNorm records its data-dependent
statistics in an 'actnorm' collection on every forward pass."""
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

    def nll(params):
        z, logdet = flow.apply({"params": params, "actnorm": variables["actnorm"]}, data)
        return jnp.mean(0.5 * jnp.sum(z ** 2, -1)) - logdet

    def cond(state):
        i, _, prev, cur = state
        return (i < 20) & (prev - cur > 1e-4)

    def body(state):
        i, params, _, cur = state
        loss, grads = jax.value_and_grad(nll)(params)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
        return i + 1, params, cur, loss

    state = jax.lax.while_loop(cond, body, (0, params, jnp.inf, 1e6))
    jax.block_until_ready(state)
    return None
